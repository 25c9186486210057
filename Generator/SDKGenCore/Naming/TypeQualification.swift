/// Which type names a file writes with their module in front (`LandmineAPI.Tag`), so that a
/// spec type named like a type of a module the file also imports (Swift Testing's `Tag`,
/// Foundation's `Data`, SDKRuntime's `JSONValue`, SDKEmulator's `Fault`) is never ambiguous
/// there. The contract tests and the example server import the API module beside Foundation,
/// SDKRuntime and Swift Testing or SDKEmulator, so they qualify every type of the API module;
/// the API module itself needs none (its own names win, and it names
/// the imported types with their module: `Foundation.Date`, `SDKRuntime.JSONValue`).
public struct TypeQualification: Hashable, Sendable {
    /// The module that declares `types`.
    public var module: String
    /// The top-level type names to qualify.
    public var types: Set<String>

    /// Qualifies `types` with `module`.
    public init(module: String, types: Set<String>) {
        self.module = module
        self.types = types
    }

    /// `parts` with the module in front when its first part is one of `types`.
    func qualified(_ parts: [String]) -> [String] {
        guard let first = parts.first, types.contains(first) else { return parts }
        return [module] + parts
    }

    /// `name`, or `module.name` when it is one of `types`.
    func qualified(_ name: String) -> String {
        types.contains(name) ? module + "." + name : name
    }

    /// The qualification of the file being rendered on this thread (none outside a render).
    @TaskLocal static var current: TypeQualification?
}
