import Foundation
import MobileJoe
import MobileJoeAPI
import SDKEmulator
import SDKRuntime
import Testing

/// A damaged identity file, as a test writes it.
enum DamagedIdentityFile: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case truncated, notJSON, empty, wrongTypes, missingMembers, invalidIdentifiers, tooLarge, folderInPlace,
        linkToNothing

    var testDescription: String { rawValue }

    /// The problem the SDK must report for it.
    var problem: IdentityFileProblem {
        switch self {
        case .truncated, .notJSON, .empty: .notJSON
        case .wrongTypes, .missingMembers: .wrongShape
        case .invalidIdentifiers: .invalidIdentifiers
        case .tooLarge: .tooLarge
        case .folderInPlace: .unreadable(reason: "not a regular file")
        case .linkToNothing: .unreadable(reason: "a link to nothing")
        }
    }

    /// Whether it is not a file the SDK wrote, so it is moved aside as it is.
    var isMovedAside: Bool { self == .folderInPlace || self == .linkToNothing }

    /// Puts the damaged file at `url`.
    func write(to url: URL) throws {
        let bytes: String
        switch self {
        case .truncated: bytes = #"{"anonymousId":"$MBJAnonymousID:0b6f9d2e4c1a4c449a57"#
        case .notJSON: bytes = "this is not json"
        case .empty: bytes = ""
        case .wrongTypes: bytes = #"{"anonymousId": 5, "deviceId": true, "externalId": []}"#
        case .missingMembers: bytes = #"{"deviceId": "$MBJDeviceID:00000000000040008000000000000000"}"#
        case .invalidIdentifiers:
            bytes =
                #"{"anonymousId": "$MBJAnonymousID:NOT-HEX", "deviceId": "$MBJDeviceID:00000000000040008000000000000000"}"#
        case .tooLarge: bytes = String(repeating: " ", count: 64 * 1024) + "{}"
        case .folderInPlace:
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data("inside".utf8).write(to: url.appendingPathComponent("keep.txt"))
            return
        case .linkToNothing:
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "nowhere")
            return
        }
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes.utf8).write(to: url)
    }
}

@Suite("Storage: one identity file, atomic, private, never fatal", .timeLimit(.minutes(3)))
struct StorageTests {
    @Test func theIdentityIsStoredAsJSONAtMobileJoeIdentityMbj() async throws {
        try await withJoe { joe in
            let instance = try await joe.configured(appUserID: "account-42")
            #expect(instance.identityFileURL == joe.identityFile)
            #expect(joe.identityFile.lastPathComponent == "identity.mbj")
            #expect(joe.identityFile.deletingLastPathComponent().lastPathComponent == "MobileJoe")
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: joe.identityFile)) as? [String: String]
            #expect(json?.keys.sorted() == ["anonymousId", "deviceId", "externalId"])
            #expect(try joe.storedIdentity() == instance.identity)
            #expect(try FileManager.default.contentsOfDirectory(atPath: joe.storageDirectory.path) == ["identity.mbj"])
        }
    }

    @Test func theDefaultFolderIsMobileJoeUnderApplicationSupportOrTheXDGDataHome() {
        let folder = JoeOptions().storageDirectory
        #expect(folder.lastPathComponent == "MobileJoe")
        #if os(Linux)
            let environment = ProcessInfo.processInfo.environment
            let expectedParent =
                environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
            #expect(
                folder.deletingLastPathComponent().standardizedFileURL.path
                    == URL(fileURLWithPath: expectedParent).standardizedFileURL.path)
        #endif
    }

    @Test func theFileIsOwnerOnlyAndTheFolderToo() async throws {
        try await withJoe { joe in
            _ = try await joe.configured()
            #expect(try permissions(of: joe.identityFile) == 0o600)
            #expect(try permissions(of: joe.storageDirectory) == 0o700)
        }
    }

    @Test func everyWriteReplacesTheFileAtomically() async throws {
        try await withJoe { joe in
            let instance = try await joe.configured()
            let staleTemporary = joe.storageDirectory.appendingPathComponent(".identity.mbj.crashed.tmp")
            try Data("half a write".utf8).write(to: staleTemporary)
            for change in [{ try instance.identify(appUserID: "account-1") }, { try instance.logout() }] {
                let before = try Data(contentsOf: joe.identityFile)
                let reader = try FileHandle(forReadingFrom: joe.identityFile)
                defer { try? reader.close() }
                try change()
                #expect(try reader.readToEnd() == before, "a reader of the old file sees it whole: no write in place")
                #expect(try Data(contentsOf: joe.identityFile) != before)
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: joe.storageDirectory.path).sorted()
            #expect(names == [".identity.mbj.crashed.tmp", "identity.mbj"], "no temporary file of ours is left")
            #expect(try joe.storedIdentity() == instance.identity)
            #expect(try await joe.configured().identity == instance.identity, "a stray temporary file is ignored")
        }
    }

    @Test(arguments: DamagedIdentityFile.allCases)
    func aDamagedFileIsReportedAndReplacedKeepingNoEarlierIDs(damage: DamagedIdentityFile) async throws {
        try await withJoe { joe in
            try damage.write(to: joe.identityFile)
            let instance = try await joe.configured()

            let identity = try #require(instance.identity)
            #expect(identity.isFresh)
            #expect(try joe.storedIdentity() == identity)
            let reported = try #require(joe.diagnostics.all.first)
            let names = try FileManager.default.contentsOfDirectory(atPath: joe.storageDirectory.path).sorted()
            if damage.isMovedAside {
                // Not a file of ours: moved aside as it is, never deleted.
                let aside = joe.storageDirectory.appendingPathComponent(
                    "identity.mbj.corrupt-\(Int64(joe.clock.now().timeIntervalSince1970 * 1000))")
                guard case .identityFileMovedAside(let problem, let movedTo) = reported else {
                    Issue.record("expected the folder to be reported as moved aside: \(reported)")
                    return
                }
                #expect(problem == damage.problem)
                #expect(movedTo.path == aside.path)
                if damage == .linkToNothing {
                    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: aside.path) == "nowhere")
                } else {
                    #expect(FileManager.default.fileExists(atPath: aside.appendingPathComponent("keep.txt").path))
                }
            } else {
                // Our file, damaged: replaced, and nothing of it (an earlier ID) is kept.
                #expect(reported == .identityFileReplaced(problem: damage.problem))
                #expect(names == ["identity.mbj"])
            }
            #expect(joe.state.identities.map(\.anonymousId) == [identity.anonymousId])

            try instance.logout()
            _ = try await joe.configured()
            #expect(joe.diagnostics.all.count == 1, "the new file is used at the next launch")
            let after = try FileManager.default.contentsOfDirectory(atPath: joe.storageDirectory.path).sorted()
            #expect(after == names, "one identity file, also after a logout")
        }
    }

    /// A file whose anonymous and device IDs are valid but whose external ID is damaged keeps
    /// the anonymous identity, which the votes belong to ("Feature plan votes belong to the
    /// identity"): the user is signed out, reported, and the file holds the repaired identity.
    @Test func aDamagedExternalIdAloneSignsOutButKeepsTheAnonymousIdentity() async throws {
        try await withJoe { joe in
            let anonymousId = "$MBJAnonymousID:0b6f9d2e4c1a4c449a571f0e2b3c4d5e"
            let deviceId = "$MBJDeviceID:00000000000040008000000000000000"
            try FileManager.default.createDirectory(at: joe.storageDirectory, withIntermediateDirectories: true)
            try Data(
                #"{"anonymousId":"\#(anonymousId)","deviceId":"\#(deviceId)","externalId":"nope"}"#.utf8
            ).write(to: joe.identityFile)
            let instance = try await joe.configured()
            let identity = try #require(instance.identity)
            #expect(identity.anonymousId == anonymousId)
            #expect(identity.deviceId == deviceId)
            #expect(identity.externalId == nil)
            #expect(joe.diagnostics.all == [.identityFileExternalIdDropped])
            #expect(try joe.storedIdentity() == identity)
            #expect(try await joe.configured().identity == identity, "the next launch reads the repaired file")
            #expect(joe.diagnostics.all.count == 1)
        }
    }

    /// A named pipe where the file should be: opening it to read would wait for a writer, so
    /// `configure` would never return; it is found not to be a file and moved aside instead.
    @Test func aNamedPipeInThePlaceOfTheFileIsMovedAsideWithoutWaiting() async throws {
        try await withJoe { joe in
            try FileManager.default.createDirectory(at: joe.storageDirectory, withIntermediateDirectories: true)
            try #require(mkfifo(joe.identityFile.path, 0o600) == 0)
            let instance = try await joe.configured()
            let identity = try #require(instance.identity)
            #expect(try joe.storedIdentity() == identity)
            guard case .identityFileMovedAside(let problem, _) = try #require(joe.diagnostics.all.first) else {
                Issue.record("expected the pipe to be reported as moved aside: \(joe.diagnostics.all)")
                return
            }
            #expect(problem == .unreadable(reason: "not a regular file"))
        }
    }

    @Test func aFolderMovedAsideTwiceInTheSameMillisecondKeepsBoth() async throws {
        try await withJoe { joe in
            try DamagedIdentityFile.folderInPlace.write(to: joe.identityFile)
            _ = try await joe.configured()
            try FileManager.default.removeItem(at: joe.identityFile)
            try DamagedIdentityFile.folderInPlace.write(to: joe.identityFile)
            _ = try await joe.configured()
            let names = try FileManager.default.contentsOfDirectory(atPath: joe.storageDirectory.path).sorted()
            let stamp = Int64(joe.clock.now().timeIntervalSince1970 * 1000)
            #expect(names == ["identity.mbj", "identity.mbj.corrupt-\(stamp)", "identity.mbj.corrupt-\(stamp)-2"])
        }
    }

    @Test("copies of damaged files that earlier versions moved aside are deleted; folders and other files stay")
    func copiesThatEarlierVersionsMovedAsideAreDeleted() async throws {
        try await withJoe { joe in
            let stored = try #require(try await joe.configured().identity)
            let folder = joe.storageDirectory
            let oldIDs = Data(#"{"anonymousId": "$MBJAnonymousID:0b6f9d2e4c1a4c449a57"#.utf8)
            try oldIDs.write(to: folder.appendingPathComponent("identity.mbj.corrupt-1764000000000"))
            try oldIDs.write(to: folder.appendingPathComponent("identity.mbj.corrupt-1764000000000-2"))
            try DamagedIdentityFile.folderInPlace.write(to: folder.appendingPathComponent("identity.mbj.corrupt-5"))
            try Data("the app's".utf8).write(to: folder.appendingPathComponent("notes.txt"))

            #expect(try await joe.configured().identity == stored)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(names == ["identity.mbj", "identity.mbj.corrupt-5", "notes.txt"])
        }
    }
}

extension StorageTests {
    /// A write killed between creating its temporary file and renaming it leaves that file,
    /// holding the identity of its time; the next `configure` deletes it, new or old: it holds
    /// the storage folder's lock, which every write takes, so no write is in progress.
    @Test("what a killed write of the identity left is deleted at the next configure, however recent")
    func whatAKilledWriteLeftIsDeletedAtConfigure() async throws {
        try await withJoe { joe in
            let stored = try #require(try await joe.configured().identity)
            let folder = joe.storageDirectory
            let earlier = try JSONEncoder().encode(
                IdentityFile(
                    anonymousId: "$MBJAnonymousID:0b6f9d2e4c1a4c449a57a1b2c3d4e5f6", deviceId: stored.deviceId,
                    externalId: nil))
            let old = folder.appendingPathComponent(".identity.mbj.0b6f9d2e-4c1a-4c44-9a57-a1b2c3d4e5f6.tmp")
            let recent = folder.appendingPathComponent(".identity.mbj.0b6f9d2e-4c1a-4c44-9a57-a1b2c3d4e5f7.tmp")
            for url in [old, recent] { try earlier.write(to: url) }
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-OwnerOnlyFiles.abandonedWriteAge - 1)],
                ofItemAtPath: old.path)

            #expect(try await joe.configured().identity == stored)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(names == ["identity.mbj"])
        }
    }
}

extension IdentityFile {
    /// Whether this is a valid identity that has not signed in.
    var isFresh: Bool {
        AnonymousId.isValid(anonymousId) && DeviceId.isValid(deviceId) && externalId == nil
    }
}
