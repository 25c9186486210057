/// One run of `count` calls timed one by one: the calls per second it reached and the median
/// and 99th percentile of the caller's latency.
struct LatencyRun: Sendable {
    /// Calls per second over the whole run.
    var perSecond: Double
    /// The median latency, in microseconds.
    var p50: Double
    /// The 99th-percentile latency, in microseconds.
    var p99: Double

    /// Times `count` calls of `call` (given the call's index).
    static func measure(count: Int, _ call: (Int) throws -> Void) rethrows -> LatencyRun {
        var latencies: [Double] = []
        latencies.reserveCapacity(count)
        let start = ContinuousClock.now
        for index in 0..<count {
            let callStart = ContinuousClock.now
            try call(index)
            latencies.append(Sampler.nanoseconds(ContinuousClock.now - callStart) / 1_000)
        }
        return LatencyRun(latencies, total: ContinuousClock.now - start)
    }

    /// Times `count` calls of the async `call` (given the call's index).
    static func measure(count: Int, _ call: (Int) async throws -> Void) async rethrows -> LatencyRun {
        var latencies: [Double] = []
        latencies.reserveCapacity(count)
        let start = ContinuousClock.now
        for index in 0..<count {
            let callStart = ContinuousClock.now
            try await call(index)
            latencies.append(Sampler.nanoseconds(ContinuousClock.now - callStart) / 1_000)
        }
        return LatencyRun(latencies, total: ContinuousClock.now - start)
    }

    private init(_ latencies: [Double], total: Duration) {
        let sorted = latencies.sorted()
        perSecond = Double(sorted.count) / Sampler.seconds(total)
        p50 = Self.percentile(sorted, 0.5)
        p99 = Self.percentile(sorted, 0.99)
    }

    /// The three figures of several runs: `<name>, <count> calls` per second, and `<name>`'s
    /// latency p50 and p99, with optional targets.
    static func figures(
        _ runs: [LatencyRun], group: String, name: String, count: Int, throughputTarget: Target? = nil,
        p99Target: Target? = nil
    ) -> [Figure] {
        [
            Figure(
                group: group, name: "\(name), \(count) calls", unit: .perSecond, values: runs.map(\.perSecond),
                target: throughputTarget),
            Figure(group: group, name: "\(name): latency p50", unit: .microseconds, values: runs.map(\.p50)),
            Figure(
                group: group, name: "\(name): latency p99", unit: .microseconds, values: runs.map(\.p99),
                target: p99Target),
        ]
    }

    /// The value below which `fraction` of sorted `values` lie (nearest rank).
    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(sorted.count - 1, max(0, rank))]
    }
}
