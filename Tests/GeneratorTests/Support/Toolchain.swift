import Foundation

/// The toolchain's command-line tools, found on `PATH` or in `/opt/swift/usr/bin`.
enum Toolchain {
    /// The tool called `name`, if there is one.
    static func tool(_ name: String) -> URL? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return (paths + ["/opt/swift/usr/bin"]).map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
