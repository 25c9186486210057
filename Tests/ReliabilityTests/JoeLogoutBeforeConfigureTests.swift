import Foundation
import MobileJoeAPI
import TestSupport
import Testing

/// Whether Mobile Joe's default folder ignores `XDG_DATA_HOME` (Apple platforms).
private let defaultJoeFolderIsFixed: Bool = {
    #if canImport(Darwin)
        true
    #else
        false
    #endif
}()

/// The page's order of calls for `Joe.logout()` before `configure` on iOS: it replaces the stored
/// identity locally, at once, and throws when it cannot be stored. Each launch is a process of
/// its own (`mobilejoe-launch-driver`) whose default folder is a temporary one (`XDG_DATA_HOME`),
/// so a launch that ends without configuring shows what it left for the next. On Apple platforms
/// the default folder is the user's Application Support, which no variable moves: not run there.
@Suite(
    "Mobile Joe: a logout before configure", .timeLimit(.minutes(2)),
    .disabled(if: defaultJoeFolderIsFixed, "the default folder cannot be moved here"))
struct JoeLogoutBeforeConfigureTests {
    /// A temporary data folder, the driver's default folder inside it, and a way to run launches.
    struct Launches {
        let data: URL
        var defaultFolder: URL { data.appendingPathComponent(MobileJoeConstants.identityFolder) }

        /// Runs one launch making `calls` and returns the lines it printed, one per call.
        func run(_ calls: String...) async throws -> [String] {
            let driver = try #require(DriverExecutable.joeLaunchURL, "mobilejoe-launch-driver is not built")
            let data = data
            let result = try await offPool {
                try ChildProcess.run(driver, calls, environment: ["XDG_DATA_HOME": data.path])
            }
            #expect(result.termination == .exited(0), "\(result.errors)")
            return result.output.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("diagnostic") }
        }

        /// The identity stored in `folder`.
        func stored(in folder: URL) throws -> IdentityFile {
            let file = folder.appendingPathComponent(MobileJoeConstants.identityFileName)
            return try JSONDecoder().decode(IdentityFile.self, from: Data(contentsOf: file))
        }
    }

    private func withLaunches(_ body: (Launches) async throws -> Void) async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("joe-launches-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: data) }
        try await body(Launches(data: data))
    }

    /// Signed in, then a launch that logs out and ends before it configures: the next launch
    /// starts signed out, with new IDs.
    @Test func itSignsTheStoredIdentityOutAtOnceEvenWhenTheAppEndsBeforeConfiguring() async throws {
        try await withLaunches { launches in
            _ = try await launches.run("configure=default,account-7")
            let signedIn = try launches.stored(in: launches.defaultFolder)
            #expect(signedIn.externalId != nil)

            let logout = try await launches.run("logout")
            let signedOut = try launches.stored(in: launches.defaultFolder)
            #expect(logout == ["logout ok \(signedOut.anonymousId)"])
            #expect(signedOut.externalId == nil)
            #expect(signedOut.anonymousId != signedIn.anonymousId && signedOut.deviceId != signedIn.deviceId)

            let next = try await launches.run("configure=default")
            #expect(next == ["configure \(signedOut.anonymousId) -"], "the next launch starts signed out")
        }
    }

    /// A logout that cannot store its identity in the default folder throws and leaves what is
    /// there as it was; the first `configure` still signs out the folder it names.
    @Test func itThrowsWhenTheIdentityCannotBeStoredAndConfigureStillSignsOut() async throws {
        try await withLaunches { launches in
            let own = launches.data.appendingPathComponent("own")
            _ = try await launches.run("configure=\(own.path),account-7")
            let signedIn = try launches.stored(in: own)
            let blocker = Data("not a folder".utf8)
            try blocker.write(to: launches.defaultFolder)

            let lines = try await launches.run("logout", "configure=\(own.path)")
            #expect(lines.count == 2 && lines[0].hasPrefix("logout threw "), "\(lines)")
            #expect(lines.first?.contains("could not be stored") == true, "\(lines)")
            #expect(try Data(contentsOf: launches.defaultFolder) == blocker)
            let ownAfter = try launches.stored(in: own)
            #expect(lines.last == "configure \(ownAfter.anonymousId) -", "\(lines)")
            #expect(ownAfter.anonymousId != signedIn.anonymousId)
        }
    }

    /// A first `configure` naming another folder signs that folder's identity out too; naming the
    /// default folder, it uses the identity the logout stored (no second logout).
    @Test func aFirstConfigureSignsItsOwnFolderOutOnceToo() async throws {
        try await withLaunches { launches in
            let own = launches.data.appendingPathComponent("own")
            _ = try await launches.run("configure=\(own.path),account-7")
            let signedIn = try launches.stored(in: own)

            let lines = try await launches.run("logout", "configure=\(own.path)")
            let ownAfter = try launches.stored(in: own)
            #expect(lines.count == 2 && lines[1] == "configure \(ownAfter.anonymousId) -", "\(lines)")
            #expect(ownAfter.externalId == nil && ownAfter.anonymousId != signedIn.anonymousId)

            _ = try await launches.run("configure=default,account-9")
            let sameFolder = try await launches.run("logout", "configure=default")
            let loggedOut = try #require(sameFolder.first?.split(separator: " ").last.map(String.init))
            #expect(sameFolder == ["logout ok \(loggedOut)", "configure \(loggedOut) -"])
            #expect(try launches.stored(in: launches.defaultFolder).anonymousId == loggedOut)
        }
    }
}
