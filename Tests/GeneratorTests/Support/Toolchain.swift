import Foundation

/// The toolchain's command-line tools, found on `PATH` or in `/opt/swift/usr/bin`.
enum Toolchain {
    /// The tool called `name`, if there is one.
    static func tool(_ name: String) -> URL? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return (paths + ["/opt/swift/usr/bin"]).map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `tool` in `folder`, with standard input and output in files there when given.
    static func run(_ tool: URL, _ arguments: [String], in folder: URL, input: String? = nil, output: String? = nil)
        throws
    {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = folder
        if let input { process.standardInput = try FileHandle(forReadingFrom: folder.appendingPathComponent(input)) }
        if let output {
            let url = folder.appendingPathComponent(output)
            try Data().write(to: url)
            process.standardOutput = try FileHandle(forWritingTo: url)
        }
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PublicTypeNames.Failure(
                "\(tool.lastPathComponent) \(arguments) failed (\(process.terminationStatus))")
        }
    }
}
