/// One `--name` a command accepts: a flag, or an option that takes a value.
public struct CommandLineOption: Sendable, Hashable {
    /// The name without the leading dashes (`output` for `--output`).
    public var name: String
    /// What the value is called in the help (`DIR`), or `nil` for a flag.
    public var valueName: String?
    /// One line for the help.
    public var help: String

    /// A flag, such as `--check`.
    public static func flag(_ name: String, help: String) -> CommandLineOption {
        CommandLineOption(name: name, valueName: nil, help: help)
    }

    /// An option taking a value, written `--name VALUE` or `--name=VALUE`.
    public static func value(_ name: String, _ valueName: String, help: String) -> CommandLineOption {
        CommandLineOption(name: name, valueName: valueName, help: help)
    }

    /// `--name` or `--name VALUE`, as the help shows it.
    var synopsis: String { "--" + name + (valueName.map { " " + $0 } ?? "") }
}
