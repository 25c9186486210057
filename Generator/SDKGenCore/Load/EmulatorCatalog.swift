/// The hand-written emulators this package's `SDKEmulator` module has: the types a spec's
/// `api.emulator` may name. Each offers `withContractClient(_:)`, which the generated
/// operation tests call. A test compares this list with the types in `Sources/SDKEmulator`.
public enum EmulatorCatalog {
    /// The emulator type names, sorted.
    public static let names = ["MobileJoeEmulator", "VoidhashEmulator"]

    /// The public types of the modules generated files import (SDKEmulator, SDKRuntime) that are
    /// named as a generated module could be (`<Name>API`, `<Name>Emulator`,
    /// `<Name>ContractTests`): such a type would hide the module in those files. A test compares
    /// this list with those modules' public types.
    public static let moduleLikeTypeNames = ["EmulatedAPI"] + names

    /// Logs a located error when `name` (written at `location`) is not one of `names`.
    static func check(_ name: String, at location: SourceLocation, log: inout DiagnosticLog) {
        guard !names.contains(name) else { return }
        log.error(
            "'api.emulator' names '\(name)', which is not an emulator of SDKEmulator"
                + Suggestion.hint(for: name, among: names) + "; the emulators are "
                + names.joined(separator: ", "), at: location)
    }
}
