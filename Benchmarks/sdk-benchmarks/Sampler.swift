/// Repeats a measurement and collects one value per sample, on `ContinuousClock`.
struct Sampler: Sendable {
    /// How many samples to take.
    var samples: Int
    /// The least time one sample of a per-call measurement runs for.
    var sampleTime: Duration

    /// Nanoseconds per call of a fast operation: `body(n)` must perform the operation `n` times.
    /// The count is calibrated first so that one sample takes at least `sampleTime`.
    func nanosecondsPerCall(_ body: (Int) -> Void) -> [Double] {
        var iterations = 1
        while true {
            let elapsed = Self.time { body(iterations) }
            if elapsed >= sampleTime || iterations >= 1 << 30 { break }
            let scale = elapsed > .zero ? min(10, max(2, sampleTime / elapsed * 1.2)) : 10
            iterations = Int(Double(iterations) * scale)
        }
        return (0..<samples).map { _ in
            Self.nanoseconds(Self.time { body(iterations) }) / Double(iterations)
        }
    }

    /// Nanoseconds per call of a fast async operation (see `nanosecondsPerCall`).
    func nanosecondsPerCall(_ body: (Int) async -> Void) async -> [Double] {
        var iterations = 1
        while true {
            let start = ContinuousClock.now
            await body(iterations)
            let elapsed = ContinuousClock.now - start
            if elapsed >= sampleTime || iterations >= 1 << 30 { break }
            let scale = elapsed > .zero ? min(10, max(2, sampleTime / elapsed * 1.2)) : 10
            iterations = Int(Double(iterations) * scale)
        }
        var values: [Double] = []
        for _ in 0..<samples {
            let start = ContinuousClock.now
            await body(iterations)
            values.append(Self.nanoseconds(ContinuousClock.now - start) / Double(iterations))
        }
        return values
    }

    /// How long `body` takes.
    static func time(_ body: () throws -> Void) rethrows -> Duration {
        let start = ContinuousClock.now
        try body()
        return ContinuousClock.now - start
    }

    /// `duration` in nanoseconds.
    static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }

    /// `duration` in milliseconds.
    static func milliseconds(_ duration: Duration) -> Double { nanoseconds(duration) / 1e6 }

    /// `duration` in seconds.
    static func seconds(_ duration: Duration) -> Double { nanoseconds(duration) / 1e9 }
}
