import Foundation
import MobileJoe
import PackageRelease
import TestSupport
import Testing
import Voidhash

/// One version everywhere: the CHANGELOG's latest entry, the SDKs, and the two tools.
@Suite("Release version", .timeLimit(.minutes(3)))
struct VersionTests {
    /// The package's root folder (this file is `Tests/ReleaseTests/VersionTests.swift`).
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The version of the first `## [x.y.z]` entry of `CHANGELOG.md` (Keep a Changelog), the
    /// `Unreleased` section aside.
    private static func latestChangelogVersion() throws -> String? {
        let text = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix("## [") {
            let name = line.dropFirst(4).prefix { $0 != "]" }
            if name != "Unreleased" { return String(name) }
        }
        return nil
    }

    /// What `tool --version` prints, trimmed; the tool is built with the tests.
    private static func versionOutput(of tool: String) throws -> String {
        let executable = try #require(BuiltProducts.executable(tool), "\(tool) is not built")
        let run = try ChildProcess.run(executable, ["--version"])
        #expect(run.termination == .exited(0), "\(tool) --version exits 0")
        return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theChangelogsLatestEntryIsTheRelease() throws {
        let latest = try #require(try Self.latestChangelogVersion(), "CHANGELOG.md has no released entry")
        #expect(latest == Release.version)
    }

    @Test func theSDKsReportTheRelease() {
        #expect(Voidhash.sdkVersion == Release.version)
        #expect(Joe.frameworkVersion == Release.version)
    }

    @Test(arguments: ["sdkgen", "sdk-emulator"])
    func theToolsPrintTheRelease(tool: String) throws {
        #expect(try Self.versionOutput(of: tool) == Release.version)
    }

    @Test func theVersionIsSemantic() {
        let parts = Release.version.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) })
    }
}
