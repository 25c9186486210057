/// What a command line said, once checked against the command's options.
public struct ParsedCommandLine: Sendable, Hashable {
    /// Whether `-h` or `--help` was given (then nothing else was checked).
    public var wantsHelp = false
    /// The flags given, by name.
    public var flags: Set<String> = []
    /// The value of each option given, by name.
    public var values: [String: String] = [:]
    /// The arguments that are not options, in order.
    public var arguments: [String] = []

    /// Whether the flag `name` was given.
    public func has(_ name: String) -> Bool { flags.contains(name) }

    /// The value given for the option `name`.
    public subscript(_ name: String) -> String? { values[name] }
}
