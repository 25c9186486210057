import Testing

@testable import SDKGenCore

/// A spec's name in generated files does not depend on how its path was written.
@Suite("Spec path names", .timeLimit(.minutes(1)))
struct SpecPathNameTests {
    @Test(
        "a spec below the current directory is named by its path from there, however it was written",
        arguments: [
            "Spec/a.yaml", "./Spec/a.yaml", "Spec//a.yaml", "Spec/./a.yaml", "Spec/x/../a.yaml",
            "/pkg/Spec/a.yaml", "/pkg/./Spec/a.yaml", "//pkg/Spec/a.yaml", "../pkg/Spec/a.yaml",
        ])
    func belowTheCurrentDirectory(path: String) {
        #expect(SpecPathName.name(of: path, in: "/pkg") == "Spec/a.yaml")
        #expect(SpecPathName.name(of: path, in: "/pkg/") == "Spec/a.yaml")
    }

    @Test("a spec elsewhere keeps its path, tidied")
    func elsewhere() {
        #expect(SpecPathName.name(of: "/other/./a.yaml", in: "/pkg") == "/other/a.yaml")
        #expect(SpecPathName.name(of: "../other/a.yaml", in: "/pkg") == "../other/a.yaml")
        #expect(SpecPathName.name(of: "./../other/x/../a.yaml", in: "/pkg") == "../other/a.yaml")
        #expect(SpecPathName.name(of: "../../a.yaml", in: "/pkg/sub") == "../../a.yaml")
        #expect(SpecPathName.name(of: "/pkgs/a.yaml", in: "/pkg") == "/pkgs/a.yaml")
        #expect(SpecPathName.name(of: "a.yaml", in: "/") == "a.yaml")
    }
}
