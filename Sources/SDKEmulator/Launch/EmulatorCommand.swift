import CommandLineOptions

/// What the `sdk-emulator` command line asks for.
public enum EmulatorCommand: Sendable, Hashable {
    /// Serve `api` on `127.0.0.1:port` (0: any free port) until SIGINT or SIGTERM.
    case serve(port: UInt16, api: EmulatedAPI)
    /// Print the usage and exit successfully.
    case help
    /// Print the version and exit successfully.
    case version

    /// The exit status for a command line the emulator cannot use (64, as Swift tools use).
    public static let usageExitCode = CommandLineUsageError.exitCode

    /// The command line's options, read by the package's shared parser.
    static let parser = CommandLineParser(
        program: "sdk-emulator",
        synopses: ["[--api " + EmulatedAPI.allCases.map(\.rawValue).joined(separator: "|") + "] [--port N]"],
        options: [
            .value(
                "api", "NAME",
                help: "the API to serve (default: voidhash); both use /v1/identify, so run one process per API"),
            .value("port", "N", help: "listen on 127.0.0.1:N (0, the default, picks a free port)"),
            .flag("version", help: "print the version"),
        ],
        epilogue: "The dashboard is at http://127.0.0.1:N/_admin/ui, the admin API's index at /_admin/.")

    /// The usage text.
    public static let usage = parser.usage

    /// Parses the arguments (without the program name).
    public static func parse(_ arguments: [String]) throws(EmulatorUsageError) -> EmulatorCommand {
        let parsed: ParsedCommandLine
        do {
            parsed = try parser.parse(arguments)
        } catch {
            throw EmulatorUsageError(error.description)
        }
        if parsed.wantsHelp { return .help }
        if parsed.has("version") { return .version }
        if let extra = parsed.arguments.first { throw EmulatorUsageError("unknown argument \(extra)") }
        var port: UInt16 = 0
        if let text = parsed["port"] {
            guard let value = UInt16(text) else { throw EmulatorUsageError("invalid port \(text) (0...65535)") }
            port = value
        }
        var api = EmulatedAPI.voidhash
        if let name = parsed["api"] {
            guard let chosen = EmulatedAPI(rawValue: name) else {
                let names = EmulatedAPI.allCases.map(\.rawValue).joined(separator: " or ")
                throw EmulatorUsageError("unknown API \(name) (\(names))")
            }
            api = chosen
        }
        return .serve(port: port, api: api)
    }
}
