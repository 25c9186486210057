import Foundation
import MobileJoe
import MobileJoeAPI
import SDKEmulator
import SDKRuntime
import Synchronization
import TestSupport
import Testing

/// Collects what an instance reports to `onDiagnostic`.
final class DiagnosticsRecorder: Sendable {
    private let recorded = Mutex<[JoeDiagnostic]>([])

    /// Every diagnostic so far, oldest first.
    var all: [JoeDiagnostic] { recorded.withLock { $0 } }

    /// The handler to pass as `onDiagnostic`.
    var handler: @Sendable (JoeDiagnostic) -> Void {
        { diagnostic in self.recorded.withLock { $0.append(diagnostic) } }
    }
}

/// Counts how often the languages were read and answers differently each time, so a second
/// read would show in the headers.
final class LanguagesSource: Sendable {
    private let reads = Mutex(0)
    let first: [String]

    init(first: [String] = ["en-US", "cs-CZ", "de-DE", "fr-FR"]) {
        self.first = first
    }

    /// How many times the SDK read the languages.
    var readCount: Int { reads.withLock { $0 } }

    /// The provider to pass as `preferredLanguages`.
    var provider: @Sendable () -> [String] {
        {
            let count = self.reads.withLock { count in
                count += 1
                return count
            }
            return count == 1 ? self.first : ["ja-JP"]
        }
    }
}

/// The app and device info every harness instance sends unless a test says otherwise.
let testAppInfo = JoeAppInfo(version: "2.3", build: "45")
let testDeviceInfo = JoeDeviceInfo(osName: "iOS", osVersion: "18.2.0", deviceModel: "iPhone16,2")
let testAPIKey = "mj_public_test"

/// A Mobile Joe emulator on 127.0.0.1 and a private storage folder, for one test.
struct JoeHarness: Sendable {
    let state: MobileJoeEmulatorState
    let server: EmulatorServer
    let baseURL: URL
    /// The temporary root; `storageDirectory` is `<root>/MobileJoe` and does not exist until
    /// the SDK creates it.
    let root: URL
    let clock: ManualClock
    let diagnostics = DiagnosticsRecorder()
    let languages = LanguagesSource()

    /// The storage folder instances use by default.
    var storageDirectory: URL { root.appendingPathComponent("MobileJoe", isDirectory: true) }

    /// The identity file in `storageDirectory`.
    var identityFile: URL { storageDirectory.appendingPathComponent("identity.mbj") }

    /// Options pointing at this harness's emulator and storage.
    func options(
        storageDirectory: URL? = nil, appInfo: JoeAppInfo? = testAppInfo,
        deviceInfo: JoeDeviceInfo? = testDeviceInfo
    ) -> JoeOptions {
        JoeOptions(
            storageDirectory: storageDirectory ?? self.storageDirectory, baseURL: baseURL, clock: clock,
            appInfo: appInfo, deviceInfo: deviceInfo, preferredLanguages: languages.provider,
            onDiagnostic: diagnostics.handler)
    }

    /// A new instance (an app launch) on this harness's storage.
    func launch(storageDirectory: URL? = nil) -> JoeInstance {
        JoeInstance(options: options(storageDirectory: storageDirectory))
    }

    /// A launch that is configured and whose first identify request has been answered.
    func configured(
        appUserID: String? = nil, debugMode: Bool = false, storageDirectory: URL? = nil
    ) async throws -> JoeInstance {
        let joe = launch(storageDirectory: storageDirectory)
        try joe.configure(withAPIKey: testAPIKey, appUserID: appUserID, debugMode: debugMode)
        await joe.pendingIdentify()
        return joe
    }

    /// The requests that reached `operation`'s route, oldest first.
    func requests(_ operation: MobileJoeOperation) -> [EmulatorRequest] {
        server.requests(route: MobileJoeEmulator.routeName(for: operation)).map(\.request)
    }

    /// Every request the emulator received, oldest first.
    var allRequests: [EmulatorRequest] { server.requests().map(\.request) }

    /// The stored identity file, decoded.
    func storedIdentity() throws -> IdentityFile {
        try JSONDecoder().decode(IdentityFile.self, from: Data(contentsOf: identityFile))
    }
}

/// Runs `body` with a started harness and always stops the server and removes the folder.
func withJoe(
    plans: [MobileJoeEmulatorPlan] = [], faqs: [FAQ] = [], alerts: [MobileJoeAlert] = [],
    _ body: (JoeHarness) async throws -> Void
) async throws {
    let state = MobileJoeEmulatorState(faqs: faqs, plans: plans, alerts: alerts)
    let server = try MobileJoeEmulator.makeServer(state: state)
    let baseURL = try await server.start()
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "mobilejoe-tests-\(UUID().uuidString)", isDirectory: true)
    let harness = JoeHarness(state: state, server: server, baseURL: baseURL, root: root, clock: ManualClock())
    defer { try? FileManager.default.removeItem(at: root) }
    do {
        try await body(harness)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

/// The inode of the file at `url`: a new one after every atomic replacement.
func inode(of url: URL) throws -> UInt64 {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require((attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
}

/// The POSIX permission bits of the item at `url`.
func permissions(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require((attributes[.posixPermissions] as? NSNumber)?.intValue)
}

/// Whether the process runs as root (which reads files whatever their permissions).
let runsAsRoot = geteuid() == 0

/// Makes `folder` immutable (`chattr +i`: nothing in it can be created, replaced or removed,
/// even by root), or mutable again; `false` when the system cannot.
@discardableResult
func setImmutable(_ folder: URL, _ immutable: Bool) -> Bool {
    let chattr = URL(fileURLWithPath: "/usr/bin/chattr")
    let ran = try? ChildProcess.run(chattr, [immutable ? "+i" : "-i", folder.path])
    return ran?.termination == .exited(0)
}

/// Whether the tests can make a folder immutable: how a test that runs as root (which writes
/// whatever the permissions) makes storing the identity fail while the stored file stays
/// readable.
let canMakeFoldersImmutable: Bool = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("immutable-\(UUID().uuidString)")
    guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else {
        return false
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    guard setImmutable(folder, true) else { return false }
    let refused = !FileManager.default.createFile(atPath: folder.appendingPathComponent("probe").path, contents: nil)
    return setImmutable(folder, false) && refused
}()
