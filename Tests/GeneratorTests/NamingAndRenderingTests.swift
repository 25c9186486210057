import Testing

@testable import SDKGenCore

/// The naming component and small spec fragments with the exact Swift they must produce.
@Suite("Naming and rendering", .timeLimit(.minutes(3)))
struct NamingAndRenderingTests {
    @Test(
        "spec names become Swift names",
        arguments: [
            ("group_type", "GroupType", "groupType"), ("activePerkSlugs", "ActivePerkSlugs", "activePerkSlugs"),
            ("$groups", "Groups", "groups"), ("class", "Class", "`class`"), ("self", "Self_", "self_"),
            ("Type", "Type_", "type"), ("description", "Description", "description_"), ("2fa", "_2fa", "_2fa"),
            ("INVALID_ARGUMENT", "InvalidArgument", "invalidArgument"),
            ("FAQSearchResult", "FAQSearchResult", "faqSearchResult"), ("in_progress", "InProgress", "inProgress"),
        ])
    func specNamesBecomeSwiftNames(spec: String, type: String, member: String) {
        #expect(SwiftNaming.typeName(spec) == type)
        #expect(SwiftNaming.memberName(spec) == member)
    }

    /// Such a name used to become `_`, which Swift reads as no argument label: a parameter named
    /// `#` gave a client method its generated tests could not call.
    @Test(
        "a name without a letter or digit is spelled out in the Unicode names of its characters",
        arguments: [
            ("#", "NumberSign", "numberSign"), ("👍", "ThumbsUpSign", "thumbsUpSign"),
            ("+-", "PlusSignHyphenMinus", "plusSignHyphenMinus"), ("\u{E000}", "UE000", "uE000"),
            ("$", "DollarSign", "dollarSign"),
        ])
    func aNameWithoutLettersIsSpelledOut(spec: String, type: String, member: String) {
        #expect(SwiftNaming.typeName(spec) == type)
        #expect(SwiftNaming.memberName(spec) == member)
    }

    /// Only what Swift takes in a name is kept: a combining mark first gets a `_` before it, and
    /// a scalar Swift never takes in a name (U+2E2F, an operator character) separates words. A
    /// digit of another script separates words as it always did (keeping it would rename types
    /// that compile today).
    @Test(
        "a name keeps only what Swift takes in a name, starting with what may start one",
        arguments: [
            ("\u{0345}", "\u{0399}", "_\u{0345}"), ("\u{0363}M", "_\u{0363}M", "_\u{0363}M"),
            ("x\u{2E2F}y", "XY", "xY"), ("Model\u{0662}", "Model", "model"),
            ("Item\u{FF12}", "Item", "item"), ("\u{1DE7}a", "_\u{1DE7}a", "_\u{1DE7}a"),
        ])
    func onlyWhatSwiftTakesInANameIsKept(spec: String, type: String, member: String) {
        #expect(SwiftNaming.typeName(spec) == type)
        #expect(SwiftNaming.memberName(spec) == member)
    }

    /// `case none` would read as `Optional.none` wherever the enum is optional; every other
    /// name is the member name.
    @Test(
        "an enum case is named as a member, but none becomes none_",
        arguments: [
            ("none", "none_"), ("NONE", "none_"), ("none_", "none_"), ("None", "none_"), ("class", "`class`"),
            ("self", "self_"), ("in-progress", "inProgress"), ("nonexistent", "nonexistent"),
        ])
    func enumCasesAreNamedAsMembersButNone(spec: String, swift: String) {
        #expect(SwiftNaming.caseName(spec) == swift)
    }

    @Test("a path is cut at its last slash even when a combining mark follows it")
    func pathsAreCutByScalar() {
        let path = "MAPI/Models/\u{0363}M.swift"
        #expect(path.pathFolder == "MAPI/Models")
        #expect(path.pathName == "\u{0363}M.swift")
        #expect("name".pathFolder == nil && "name".pathName == "name")
        #expect("/name".pathFolder == "")
    }

    @Test(
        "a leading word of capitals and digits is lowered whole in a member name",
        arguments: [
            ("HTTP2Server", "http2Server"), ("ID3Tag", "id3Tag"), ("HTTP2_server", "http2Server"),
            ("URLPath", "urlPath"),
        ])
    func capitalsAndDigitsAreLoweredWhole(spec: String, member: String) {
        #expect(SwiftNaming.memberName(spec) == member)
    }

    /// In a call's argument list Swift reads every keyword but `inout` as a label, and warns about
    /// the backticks on the others (a warning fails the build of generated code).
    @Test(
        "an argument label keeps its backticks only for inout",
        arguments: [
            ("inout", "`inout`"), ("class", "class"), ("default", "default"), ("self", "self_"),
            ("groupType", "groupType"),
        ])
    func argumentLabelsDropBackticksButForInout(spec: String, label: String) {
        #expect(SwiftNaming.argumentLabel(spec) == label)
    }

    @Test("a type of the longest name keeps its declaration on one line when it has no conformances to wrap")
    func theLongestNameKeepsADeclarationWithoutConformancesWhole() throws {
        let name = String(repeating: "A", count: 100)
        let spec = """
            sdkgen: 1
            api: {name: Demo, version: 1.0.0}
            models:
              \(name): {properties: {x: "string?"}, examples: [{}]}
            """
        let suite = try #require(
            Generate.files(spec, file: "demo.yaml").files["DemoContractTests/Models/\(name)Tests.swift"])
        #expect(suite.contains("\nstruct \(name)Tests {\n"))
    }

    @Test("a model renders as a struct with its decoder and its member table written out")
    func modelRendersExactly() {
        let spec = """
            sdkgen: 1
            api: {name: Demo, version: 1.0.0}
            models:
              Group:
                doc: A group.
                properties:
                  groups: {type: "[string: string]", wireName: $groups, doc: Groups.}
                  seats: {type: integer?, doc: Seats.}
            """
        let output = Generate.files(spec, file: "demo.yaml").files["DemoAPI/Models/Group.swift"]
        #expect(
            output == """
                // Generated by sdkgen from demo.yaml. Do not edit this file:
                // change the spec and run `swift run sdkgen`.

                import Foundation
                import SDKRuntime

                /// A group.
                ///
                /// - Remark: Generated from demo.yaml:4:3 (model Group).
                public struct Group: Swift.Codable, Swift.Hashable, Swift.Sendable, SDKRuntime.MemberwiseModel {
                    /// Groups.
                    ///
                    /// - Remark: Generated from demo.yaml:7:7.
                    public var groups: [Swift.String: Swift.String]

                    /// Seats.
                    ///
                    /// - Remark: Generated from demo.yaml:8:7.
                    public var seats: Swift.Int?

                    /// Creates a value with every member given; optional members default to `nil`.
                    public init(groups: [Swift.String: Swift.String], seats: Swift.Int? = nil) {
                        self.groups = groups
                        self.seats = seats
                    }

                    /// Decodes the value from a JSON object: unknown members are ignored; optional members may be
                    /// absent or `null`.
                    public init(from decoder: any Swift.Decoder) throws {
                        let container = try SDKRuntime.ModelDecodingContainer(decoder)
                        try self.init(groups: container.decode("$groups"), seats: container.decodeIfPresent("seats"))
                    }

                    /// The members, in spec order: their wire names and where they are stored.
                    public static let members: [SDKRuntime.ModelMember<Self>] = [
                        .required("$groups", \\.groups),
                        .optional("seats", \\.seats),
                    ]
                }

                """)
    }

    @Test("a model without members reads nothing and has an empty member table")
    func emptyModelRendersExactly() {
        let spec = """
            sdkgen: 1
            api: {name: Demo, version: 1.0.0}
            models:
              Nothing: {properties: {}}
            """
        let output = Generate.files(spec, file: "demo.yaml").files["DemoAPI/Models/Nothing.swift"] ?? ""
        #expect(output.contains("public init(from decoder: any Swift.Decoder) throws {\n    }"))
        #expect(output.contains("public static let members: [SDKRuntime.ModelMember<Self>] = []\n"))
    }

    @Test("a pattern renders as a scalar state machine")
    func patternRendersAsStateMachine() {
        let spec = """
            sdkgen: 1
            api: {name: Demo, version: 1.0.0}
            rules:
              code: {kind: string, pattern: "^[a-c]x?$"}
            """
        let output = Generate.files(spec, file: "demo.yaml").files["DemoAPI/Rules/CodeRule.swift"] ?? ""
        #expect(
            output.contains(
                "case (0, 97...99):\n                state = 1\n            case (1, 120):\n                state = 2"))
        #expect(output.contains("case 1, 2:\n            return true"))
        #expect(!output.contains("Regex"))
    }

    @Test("string literals escape what cannot be seen")
    func stringLiteralsEscapeInvisibleCharacters() {
        let spec = """
            sdkgen: 1
            api: {name: Demo, version: 1.0.0}
            rules:
              name: {kind: string, forbiddenCharacters: ["\\0", "\\u200B"], forbiddenPrefixes: ["a\\"b\\\\c"]}
            """
        let output = Generate.files(spec, file: "demo.yaml").files["DemoAPI/Rules/NameRule.swift"] ?? ""
        #expect(output.contains(#"["\0", "\u{200B}"]"#))
        #expect(output.contains(#"["a\"b\\c"]"#))
    }

    @Test("a unified diff shows the changed lines with context")
    func unifiedDiffShowsChanges() {
        let old = (1...10).map(String.init).joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "5\n", with: "five\n")
        let diff = UnifiedDiff.diff(old: old, new: new, oldName: "a/x", newName: "b/x")
        #expect(diff == "--- a/x\n+++ b/x\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n")
        #expect(UnifiedDiff.diff(old: old, new: old, oldName: "a", newName: "b").isEmpty)
    }

    @Test("an operation or error without a doc gets no empty first doc line and no dangling colon")
    func missingDocsLeaveNoGaps() {
        let spec = """
            sdkgen: 1
            api: {name: Demo, version: 1.0.0}
            errors:
              NOT_FOUND: {status: 404, category: rejected}
            operations:
              ping: {method: GET, path: /ping, errors: [NOT_FOUND]}

            """
        let files = Generate.files(spec, file: "demo.yaml").files
        let client = files["DemoAPI/Client/DemoClient+Ping.swift"] ?? ""
        #expect(client.contains("extension DemoClient {\n    /// `GET /ping`; may fail with `NOT_FOUND`.\n"))
        let document = files["OpenAPI/Demo.openapi.json"] ?? ""
        #expect(document.contains("\"description\": \"NOT_FOUND\""))
        #expect(!document.contains("NOT_FOUND: "))
    }

    @Test("a success example needs its response model's example only where the generated example server answers it")
    func responseExamplesAreNeededOnlyByTheExampleServer() {
        func spec(emulator: String) -> String {
            """
            sdkgen: 1
            api: {name: Demo, version: 1.0.0\(emulator)}
            models:
              Hold: {properties: {id: string}}
            operations:
              getHold: {method: GET, path: /hold, response: Hold, examples: [{name: found, status: 200}]}

            """
        }
        #expect(Generate.files(spec(emulator: ", emulator: VoidhashEmulator")).diagnostics.isEmpty)
        #expect(
            Generate.files(spec(emulator: "")).diagnostics == [
                "Spec/test.yaml:6:66: error: example 'found' of operation 'getHold' succeeds, but model 'Hold' "
                    + "has no example to answer it with; give the model one"
            ])
    }
}
