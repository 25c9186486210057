import Foundation

/// How hard the reliability suite pushes: the default run fits a debug `swift test`; setting
/// `RELIABILITY_LONG=1` runs the long mode (more crash trials, a minute of load).
enum ReliabilityMode {
    /// Whether `RELIABILITY_LONG` is set to anything but `0` or empty.
    static let isLong: Bool = {
        let value = ProcessInfo.processInfo.environment["RELIABILITY_LONG"] ?? ""
        return !value.isEmpty && value != "0"
    }()

    /// The number of crash trials.
    static var crashTrials: Int { isLong ? 1_000 : 200 }

    /// The number of kill-and-relaunch trials of purchases.
    static var relaunchTrials: Int { isLong ? 1_000 : 200 }

    /// How many times two processes open a fresh directory at once.
    static var freshDirectoryTrials: Int { isLong ? 1_000 : 200 }

    /// How many times two processes sync 300 purchases on one database.
    static var sharedPurchaseRounds: Int { isLong ? 20 : 5 }

    /// How long the load test runs.
    static var loadDuration: Duration { isLong ? .seconds(60) : .seconds(10) }
}
