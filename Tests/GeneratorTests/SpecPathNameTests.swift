import Foundation
import Testing

@testable import SDKGenCore

/// A spec's name in generated files does not depend on how its path was written, nor on the
/// directory sdkgen runs in.
@Suite("Spec path names", .timeLimit(.minutes(3)))
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

    @Test("a spec inside a package is named from the package's root, whatever directory sdkgen runs in")
    func insideAPackage() throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("spec-name-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: package) }
        try FileManager.default.createDirectory(
            at: package.appendingPathComponent("Spec/v1"), withIntermediateDirectories: true)
        try Data().write(to: package.appendingPathComponent("Package.swift"))
        let root = package.path
        for (path, directory) in [
            ("Spec/v1/a.yaml", root), ("a.yaml", root + "/Spec/v1"), ("v1/a.yaml", root + "/Spec"),
            ("../Spec/v1/a.yaml", root + "/Sources"), (root + "/Spec/v1/a.yaml", "/"),
        ] {
            #expect(
                SpecPathName.packageName(of: path, runningIn: directory) == "Spec/v1/a.yaml",
                "\(path) from \(directory)")
        }
        let outside = FileManager.default.temporaryDirectory.path
        #expect(
            SpecPathName.packageName(of: "no-package-\(UUID().uuidString)/a.yaml", runningIn: outside).hasPrefix(
                "no-package-"),
            "outside any package, the name is relative to the directory sdkgen runs in")
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
