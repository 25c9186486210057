import Foundation
import SDKPersistence
import SDKRuntime

/// `sdk-benchmarks open-queue DIRECTORY NAME`: opens an SDK database in a fresh process and
/// prints how long that took and how much resident memory it added (from `/proc/self/statm`).
enum QueueOpenProbe {
    /// What the probe prints: `open_ms=… rss_mb=… count=…`.
    struct Result: Sendable {
        /// How long `SDKStorage.open` took.
        var milliseconds: Double
        /// Resident memory after opening minus before, in megabytes.
        var residentDeltaMegabytes: Double
        /// How many items the queue holds (counted after the measurement).
        var count: Int

        /// The line the probe prints.
        var line: String { "open_ms=\(milliseconds) rss_mb=\(residentDeltaMegabytes) count=\(count)" }

        /// Reads the probe's line back.
        static func parse(_ output: String) throws -> Result {
            var fields: [String: String] = [:]
            for pair in output.split(whereSeparator: \.isWhitespace) {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
            }
            guard let milliseconds = fields["open_ms"].flatMap(Double.init),
                let resident = fields["rss_mb"].flatMap(Double.init),
                let count = fields["count"].flatMap(Int.init)
            else { throw ChildProcess.Failure(description: "unreadable open-queue output: \(output)") }
            return Result(milliseconds: milliseconds, residentDeltaMegabytes: resident, count: count)
        }
    }

    /// Opens `directory/name.sqlite` and prints the result; 1 when it cannot be opened.
    static func run(directory: String, name: String) -> Int32 {
        let before = residentMegabytes()
        let start = ContinuousClock.now
        let storage: SDKStorage
        do {
            storage = try SDKStorage.open(directory: URL(fileURLWithPath: directory), name: name)
        } catch {
            print("cannot open: \(error)")
            return 1
        }
        let elapsed = ContinuousClock.now - start
        let after = residentMegabytes()
        let count = (try? storage.queue.count()) ?? -1
        storage.close()
        print(
            Result(
                milliseconds: Sampler.milliseconds(elapsed), residentDeltaMegabytes: after - before,
                count: count
            ).line)
        return 0
    }

    /// The process's resident set, in megabytes.
    private static func residentMegabytes() -> Double {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
            return .nan
        }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return .nan }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
