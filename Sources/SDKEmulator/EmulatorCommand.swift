/// What the `sdk-emulator` command line asks for.
public enum EmulatorCommand: Sendable, Hashable {
    /// Serve `api` on `127.0.0.1:port` (0: any free port) until SIGINT or SIGTERM.
    case serve(port: UInt16, api: EmulatedAPI)
    /// Print the usage and exit successfully.
    case help
    /// Print the version and exit successfully.
    case version

    /// The usage text.
    public static let usage = """
        usage: sdk-emulator [--api voidhash|mobilejoe] [--port N] [--version]

          --api NAME  the API to serve (default: voidhash); both use /v1/identify, so run one
                      process per API
          --port N    listen on 127.0.0.1:N (0, the default, picks a free port)
          --version   print the version
          -h, --help  show this help

        The dashboard is at http://127.0.0.1:N/_admin/ui, the admin API's index at /_admin/.
        """

    /// Parses the arguments (without the program name).
    public static func parse(_ arguments: [String]) throws(EmulatorUsageError) -> EmulatorCommand {
        var port: UInt16?
        var api: EmulatedAPI?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                return .help
            case "--version":
                return .version
            case "--port":
                guard let value = remaining.popFirst() else {
                    throw EmulatorUsageError("--port needs a value")
                }
                port = try setPort(value, previous: port)
            case "--api":
                guard let value = remaining.popFirst() else { throw EmulatorUsageError("--api needs a value") }
                guard api == nil else { throw EmulatorUsageError("--api given twice") }
                guard let chosen = EmulatedAPI(rawValue: value) else {
                    throw EmulatorUsageError("unknown API \(value) (voidhash or mobilejoe)")
                }
                api = chosen
            case _ where argument.hasPrefix("--port="):
                port = try setPort(String(argument.dropFirst("--port=".count)), previous: port)
            default:
                throw EmulatorUsageError("unknown argument \(argument)")
            }
        }
        return .serve(port: port ?? 0, api: api ?? .voidhash)
    }

    private static func setPort(_ text: String, previous: UInt16?) throws(EmulatorUsageError)
        -> UInt16
    {
        guard previous == nil else { throw EmulatorUsageError("--port given twice") }
        guard let port = UInt16(text) else {
            throw EmulatorUsageError("invalid port \(text) (0...65535)")
        }
        return port
    }
}
