import Foundation
import MobileJoeAPI
import SDKEmulator
import SDKRuntime
import Synchronization
import Testing

@testable import MobileJoe
@testable import SDKPersistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An identity file that exists but cannot be read for now (a background launch before the
/// device's first unlock) is kept: never moved aside, never replaced by new IDs.
///
/// The tests run as root, which reads any file whatever its mode, so the locked device is made
/// with a locked `DataProtectionGate` (the SDK then does not even open the file) and the errno
/// mapping is checked on its own; the `chmod 000` test runs only as a user other than root.
@Suite("Storage: an identity file that cannot be read for now is kept", .timeLimit(.minutes(3)))
struct LockedIdentityFileTests {
    @Test func anIdentityFileThatCannotBeReadForNowIsNeverMovedAsideNorReplacedByNewIDs() async throws {
        try await withJoe { joe in
            let stored = try #require(try await joe.configured(appUserID: "account-42").identity)
            let bytes = try Data(contentsOf: joe.identityFile)
            let identifiesBefore = joe.requests(.identify).count

            let gate = DataProtectionGate(isAvailable: false)
            var options = joe.options()
            options.dataProtection = gate
            let locked = JoeInstance(options: options)
            try locked.configure(withAPIKey: testAPIKey)

            #expect(locked.isConfigured)
            #expect(locked.identity == nil, "no new IDs stand in for the stored ones")
            guard case .identityNotReadableForNow = try #require(joe.diagnostics.all.last) else {
                Issue.record("expected the locked file to be reported: \(joe.diagnostics.all)")
                return
            }
            #expect(throws: MobileJoeError.identityNotReadableForNow) { try locked.identify(appUserID: "account-7") }
            await #expect(throws: MobileJoeError.identityNotReadableForNow) { _ = try await locked.featurePlans() }
            await locked.pendingIdentify()
            #expect(joe.requests(.identify).count == identifiesBefore, "nothing is announced with made-up IDs")
            #expect(try Data(contentsOf: joe.identityFile) == bytes)
            #expect(try FileManager.default.contentsOfDirectory(atPath: joe.storageDirectory.path) == ["identity.mbj"])

            gate.unlock()
            await locked.readAfterUnlock()
            #expect(locked.identity == stored, "read once protected data is back")
            await locked.pendingIdentify()
            let announced = try #require(joe.requests(.identify).last)
            #expect(announced.header("Identity-Anonymous-ID") == stored.anonymousId)
            #expect(announced.header("Identity-External-ID") == stored.externalId)
            #expect(try Data(contentsOf: joe.identityFile) == bytes, "the stored identity is kept as it was")
        }
    }

    @Test func anAppUserIDGivenWhileTheFileCannotBeReadSignsInOnTheStoredIdentityOnceItCanBe() async throws {
        try await withJoe { joe in
            let stored = try #require(try await joe.configured().identity)
            let gate = DataProtectionGate(isAvailable: false)
            var options = joe.options()
            options.dataProtection = gate
            let locked = JoeInstance(options: options)
            try locked.configure(withAPIKey: testAPIKey, appUserID: "account-42")
            #expect(locked.identity == nil)

            gate.unlock()
            await locked.readAfterUnlock()
            let identity = try #require(locked.identity)
            #expect(identity.anonymousId == stored.anonymousId, "the first sign-in keeps the stored anonymous ID")
            #expect(identity.deviceId == stored.deviceId)
            #expect(identity.externalId == ExternalId.make(from: "account-42"))
            #expect(try joe.storedIdentity() == identity)
        }
    }

    /// A launch in the background before the first unlock: the gate is open (no notification
    /// says otherwise) but the file cannot be opened. It is tried again every
    /// `DataProtectionGate.unreadableRetryInterval` on the SDK's clock, and the app-start
    /// identify request goes out once it can be read, without waiting for the app's next call.
    @Test func aFileThatCannotBeOpenedBehindAnOpenGateIsTriedAgainUntilItCanBe() async throws {
        try await withJoe { joe in
            let stored = try #require(try await joe.configured().identity)
            let identifiesBefore = joe.requests(.identify).count
            let unreadable = Mutex(true)
            var options = joe.options()
            options.dataProtection = DataProtectionGate(isAvailable: true) { _ in unreadable.withLock { $0 } }
            let instance = JoeInstance(options: options)
            try instance.configure(withAPIKey: testAPIKey)
            #expect(instance.identity == nil)

            for _ in 0..<2 {
                await joe.clock.waitForSleepers(1)
                #expect(instance.identity == nil, "still not readable: kept as it is, tried again later")
                joe.clock.advance(by: DataProtectionGate.unreadableRetryInterval)
            }
            await joe.clock.waitForSleepers(1)
            unreadable.withLock { $0 = false }
            joe.clock.advance(by: DataProtectionGate.unreadableRetryInterval)
            await instance.readAfterUnlock()
            #expect(instance.identity == stored)
            await instance.pendingIdentify()
            #expect(joe.requests(.identify).count == identifiesBefore + 1)
            #expect(joe.requests(.identify).last?.header("Identity-Anonymous-ID") == stored.anonymousId)
        }
    }

    @Test(arguments: [EACCES, EPERM])
    func eaccesAndEpermOnAnExistingFileMeanNotReadableForNow(code: Int32) {
        guard case .notReadableForNow = PrivateFiles.failedRead(code, missingIfAbsent: true) else {
            Issue.record("errno \(code) must mean 'not readable for now'")
            return
        }
    }

    @Test func otherReadErrorsMakeTheFileUnreadableAndENOENTMissing() {
        #expect(PrivateFiles.failedRead(ENOENT, missingIfAbsent: true) == .missing)
        guard case .unusable(.unreadable) = PrivateFiles.failedRead(EIO, missingIfAbsent: true) else {
            Issue.record("EIO is not a locked device")
            return
        }
    }

    @Test(.enabled(if: !runsAsRoot, "root reads files whatever their permissions"))
    func aFileWithoutReadPermissionIsKeptAndReadOnceItCanBe() async throws {
        try await withJoe { joe in
            let stored = try #require(try await joe.configured().identity)
            chmod(joe.identityFile.path, 0)
            let instance = try await joe.configured()
            #expect(instance.identity == nil)
            #expect(try FileManager.default.contentsOfDirectory(atPath: joe.storageDirectory.path) == ["identity.mbj"])
            chmod(joe.identityFile.path, 0o600)
            _ = try await instance.featurePlans()
            #expect(instance.identity == stored)
        }
    }
}
