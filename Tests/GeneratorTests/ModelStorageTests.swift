import Testing

/// A model's members of model type are stored out of line (`SDKRuntime.Indirect`,
/// `SDKRuntime.OptionalIndirect`), so that a chain of models that refer to one another does not
/// make every model as large as the chain; every other member is stored in place.
@Suite("Generated models store members of model type out of line", .timeLimit(.minutes(3)))
struct ModelStorageTests {
    private let spec = """
        sdkgen: 1
        api: {name: Tree, version: 1.0.0}
        enums:
          Color: {values: [red, blue]}
        models:
          Leaf:
            properties:
              id: string
          Node:
            properties:
              leaf: Leaf
              parent: "Leaf?"
              children: "[Leaf]"
              byName: "[string: Leaf]"
              maybeChildren: "[Leaf]?"
              color: Color
              maybeColor: "Color?"
              label: "string?"
        """

    /// The line before `member`'s declaration in the generated `Node`.
    private func lineBefore(_ member: String) throws -> String {
        let (files, diagnostics) = Generate.files(spec)
        try #require(diagnostics.isEmpty)
        let node = try #require(files["TreeAPI/Models/Node.swift"])
        let lines = node.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.hasPrefix("    public var \(member): ") })
        return lines[index - 1].trimmingCharacters(in: .whitespaces)
    }

    @Test("a member of model type is stored behind SDKRuntime.Indirect")
    func modelMemberIsIndirect() throws {
        #expect(try lineBefore("leaf") == "@SDKRuntime.Indirect")
    }

    @Test("an optional member of model type is stored behind SDKRuntime.OptionalIndirect")
    func optionalModelMemberIsOptionalIndirect() throws {
        #expect(try lineBefore("parent") == "@SDKRuntime.OptionalIndirect")
    }

    @Test(
        "lists, maps, enums and scalars are stored in place",
        arguments: ["children", "byName", "maybeChildren", "color", "maybeColor", "label"])
    func otherMembersAreInPlace(member: String) throws {
        #expect(!(try lineBefore(member)).hasPrefix("@"))
    }
}
