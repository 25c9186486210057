import SDKGenCore

/// The floor of the compile figures on the peer shape: a module declaring the same models and
/// enums as ``PeerShapeSpec`` in the plainest Swift, with nothing a client needs.
///
/// Each model is a public struct of the same eight settable members and a memberwise
/// initializer, with no conformance but `Sendable` (no coding, no equality, no hashing), and its
/// parent held by its ID (`String?`); each enum is a bare `String` enum of the three cases.
/// Files hold as many declarations as sdkgen's do (`FileGrouping`, for specs that stay under
/// its file limit), so the compiler batches them alike. What a client needs (coding, equality,
/// references to models, the operations) comes on top of this, so its build time is a floor
/// for any module that declares these models as structs with settable members.
enum CompileFloor {
    /// The module's files (name → text) for `models` models and enums.
    static func files(models: Int) -> [String: String] {
        var files: [String: String] = [:]
        for (number, start) in stride(from: 0, to: models, by: FileGrouping.modelsPerFile).enumerated() {
            let declarations = (start..<min(models, start + FileGrouping.modelsPerFile)).map(model)
            files["Models-\(number + 1).swift"] = "import Foundation\n\n" + declarations.joined(separator: "\n")
        }
        for (number, start) in stride(from: 0, to: models, by: FileGrouping.perFile).enumerated() {
            let declarations = (start..<min(models, start + FileGrouping.perFile)).map(statusEnum)
            files["Enums-\(number + 1).swift"] = declarations.joined(separator: "\n")
        }
        return files
    }

    private static func model(_ index: Int) -> String {
        let members = [
            ("id", "String", ""), ("count", "Int", ""), ("active", "Bool", ""),
            ("status", "\(PeerShapeSpec.modelName(index))Status", ""), ("tags", "[String]?", " = nil"),
            ("score", "Double?", " = nil"), (index > 0 ? "parentID" : "label", "String?", " = nil"),
            ("createdAt", "Date?", " = nil"),
        ]
        var lines = ["public struct \(PeerShapeSpec.modelName(index)): Sendable {"]
        lines += members.map { "    public var \($0.0): \($0.1)" }
        lines += ["", "    public init("]
        lines.append(members.map { "        \($0.0): \($0.1)\($0.2)" }.joined(separator: ",\n"))
        lines.append("    ) {")
        lines += members.map { "        self.\($0.0) = \($0.0)" }
        lines += ["    }", "}", ""]
        return lines.joined(separator: "\n")
    }

    private static func statusEnum(_ index: Int) -> String {
        "public enum \(PeerShapeSpec.modelName(index))Status: String, Sendable {\n    case active\n    case inactive\n    case pending\n}\n"
    }
}
