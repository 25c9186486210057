import Foundation

/// What the driver was asked to do, from its command line.
///
/// ```
/// voidhash-crash-driver run   --base-url URL --storage DIR [--seed N] [--cycles N]
/// voidhash-crash-driver load  --base-url URL --storage DIR [--seconds S] [--tasks N]
/// voidhash-crash-driver drain --base-url URL --storage DIR
/// voidhash-crash-driver purchases --base-url URL --storage DIR [--seed N] [--cycles N]
/// voidhash-crash-driver signin|signout|group --base-url URL --storage DIR [--seed N]
/// ```
struct DriverArguments: Equatable {
    /// What the process does.
    enum Mode: String {
        /// Makes calls until it is killed or done, logging each one.
        case run
        /// Many tasks call every public method at once for a while (see `DriverLoad`).
        case load
        /// Opens the same storage, sends what is queued, and exits.
        case drain
        /// The part of an app that syncs the store at launch: adds `cycles` transactions
        /// (`tx-<seed>-<n>`) one by one, syncing after each. A relaunch with the same seed offers
        /// the same transactions again, as StoreKit does.
        case purchases
        /// The part of an app that signs the user in at launch: `identifyState` as `user-<seed>`.
        /// A relaunch with the same seed signs in again, as an app whose user had not seen the
        /// sign-in finish would.
        case signin
        /// The part of an app that signs `user-<seed>` out at launch while still signed in.
        case signout
        /// The part of an app that puts the user in group `team-<seed>` of type `team` at launch.
        case group
    }

    /// What the process does.
    var mode: Mode
    /// The emulator's base URL.
    var baseURL: URL
    /// The SDK's storage directory.
    var storage: URL
    /// Makes the names of users and transactions unique per trial.
    var seed: UInt64 = 0
    /// How many identify/attributes/purchases/sign-out cycles `run` makes.
    var cycles = 3
    /// How long `load` calls, in seconds.
    var seconds = 10.0
    /// How many tasks `load` runs at once.
    var tasks = 1_000

    /// A command-line mistake, printed with the usage line.
    struct UsageError: Error, CustomStringConvertible {
        /// What was wrong.
        var description: String
    }

    /// The usage line.
    static let usage =
        "usage: voidhash-crash-driver run|load|drain|purchases|signin|signout|group --base-url URL --storage DIR [--seed N] [--cycles N] "
        + "[--seconds S] [--tasks N]"

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(UsageError) -> DriverArguments {
        guard let first = arguments.first, let mode = Mode(rawValue: first) else {
            throw UsageError(
                description: "the first argument must be run, load, drain, purchases, signin, signout or group")
        }
        var options: [String: String] = [:]
        var rest = arguments.dropFirst()
        while let name = rest.popFirst() {
            guard ["--base-url", "--storage", "--seed", "--cycles", "--seconds", "--tasks"].contains(name),
                let value = rest.popFirst()
            else { throw UsageError(description: "unexpected argument \(name)") }
            options[name] = value
        }
        guard let url = options["--base-url"].flatMap(URL.init(string:)), let storage = options["--storage"] else {
            throw UsageError(description: "--base-url and --storage are required")
        }
        var parsed = DriverArguments(mode: mode, baseURL: url, storage: URL(fileURLWithPath: storage))
        if let seed = options["--seed"] {
            guard let value = UInt64(seed) else { throw UsageError(description: "--seed must be a number") }
            parsed.seed = value
        }
        if let cycles = options["--cycles"] {
            guard let value = Int(cycles), value >= 0 else {
                throw UsageError(description: "--cycles must be a number")
            }
            parsed.cycles = value
        }
        if let seconds = options["--seconds"] {
            guard let value = Double(seconds), value > 0, value.isFinite else {
                throw UsageError(description: "--seconds must be a positive number")
            }
            parsed.seconds = value
        }
        if let tasks = options["--tasks"] {
            guard let value = Int(tasks), value > 0 else { throw UsageError(description: "--tasks must be a number") }
            parsed.tasks = value
        }
        return parsed
    }
}
