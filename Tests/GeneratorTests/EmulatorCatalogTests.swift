import Foundation
import SDKGenCore
import TestSupport
import Testing

/// `api.emulator` may name only an emulator the package has, and the generator's list of them
/// is the list in `Sources/SDKEmulator`.
@Suite("Emulator catalog", .timeLimit(.minutes(3)))
struct EmulatorCatalogTests {
    /// The types in `Sources/SDKEmulator` that declare `withContractClient`, found by reading
    /// each top-level declaration (a line starting at column 0) of every source file.
    static func emulatorsInSources() throws -> [String] {
        let files = try PackagePaths.files(below: "Sources/SDKEmulator").filter { $0.key.hasSuffix(".swift") }
        var names: Set<String> = []
        for text in files.values {
            var current: String?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let words = line.split(separator: " ")
                if let first = line.first, first.isLetter,
                    let index = words.firstIndex(where: {
                        ["extension", "enum", "struct", "final", "actor"].contains($0)
                    }), index + 1 < words.count
                {
                    current = String(words[index + 1].prefix { $0.isLetter || $0.isNumber })
                    if words[index] == "final", index + 2 < words.count {
                        current = String(words[index + 2].prefix { $0.isLetter || $0.isNumber })
                    }
                }
                if line.contains("static func withContractClient"), let current { names.insert(current) }
            }
        }
        return names.sorted()
    }

    @Test("the catalog lists exactly the emulators of SDKEmulator")
    func catalogMatchesSources() throws {
        #expect(try Self.emulatorsInSources() == EmulatorCatalog.names)
    }

    @Test(
        "the names a generated module may not take are the public types of SDKEmulator and SDKRuntime named like one",
        .enabled(if: PublicTypeNames.isAvailable, "swift-symbolgraph-extract is not installed"))
    func moduleLikeTypeNamesMatchTheModules() async throws {
        var named: Set<String> = []
        for module in ["SDKEmulator", "SDKRuntime"] {
            let names = try await offPool {
                try PublicTypeNames.names(
                    of: module, searchPaths: [PublicTypeNames.builtModules] + PublicTypeNames.cModuleFolders)
            }
            #expect(!names.isEmpty, "no public types read from \(module)")
            named.formUnion(
                names.filter { name in ["API", "Emulator", "ContractTests"].contains { name.hasSuffix($0) } })
        }
        #expect(named == Set(EmulatorCatalog.moduleLikeTypeNames))
    }

    @Test("the real specs name emulators of the catalog", arguments: ["voidhash", "mobilejoe"])
    func realSpecsNameKnownEmulators(name: String) throws {
        let path = "Spec/\(name).yaml"
        #expect(Generate.diagnostics(try PackagePaths.text(path), file: path).isEmpty)
    }
}
