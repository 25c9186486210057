import Foundation

/// The driver executables, built next to the test bundle.
enum DriverExecutable {
    /// `voidhash-crash-driver`'s location, or `nil` when it was not built.
    static let url: URL? = url(of: "voidhash-crash-driver")
    /// `mobilejoe-launch-driver`'s location, or `nil` when it was not built.
    static let joeLaunchURL: URL? = url(of: "mobilejoe-launch-driver")

    /// The location of the executable `name`, or `nil` when it was not built.
    private static func url(of name: String) -> URL? {
        let directory = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        let candidates = [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent(name) }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
