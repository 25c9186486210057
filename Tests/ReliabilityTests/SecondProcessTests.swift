import Foundation
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing
import Voidhash
import VoidhashAPI

/// An app and its extension: this process runs Voidhash on a storage directory while the crash
/// driver, a process of its own, runs the app's sign-out or group code on the same directory.
@Suite("A second process on the same storage", .timeLimit(.minutes(3)))
struct SecondProcessTests {
    /// This process's instance, on `directory`, against `emulator`, on the real clock
    /// (requests through ``loopbackTransport()``).
    static func launch(_ emulator: DriverEmulator, _ directory: URL) throws -> Voidhash {
        try Voidhash(
            publishableKey: VoidhashEmulator.testKey,
            options: VoidhashOptions(
                baseURL: emulator.baseURL, storageDirectory: directory,
                transport: loopbackTransport()))
    }

    @Test func aSignOutInTheOtherProcessIsFollowedByThisOnesNextEvent() async throws {
        try await withDriverEmulator { emulator, directory in
            let app = try Self.launch(emulator, directory)
            try await app.identify(externalUserId: "user-7")
            let run = try await emulator.run(["signout", "--seed", "7"], storage: directory)
            #expect(run.lines.contains("returned signout user-7"), "\(run.lines)")

            let signedOut = await app.getDistinctId()
            #expect(Voidhash.isAnonymousDistinctId(signedOut))
            await app.capture("after_sign_out")
            await app.flush()
            let event = emulator.state.events.first { $0.event == "after_sign_out" }
            #expect(event?.distinctId == signedOut)
            #expect(emulator.state.events.contains { $0.event == "$sign_out" && $0.distinctId == "user-7" })
            await app.shutdown()
        }
    }

    @Test func aGroupJoinedInTheOtherProcessIsStampedOnThisOnesEvents() async throws {
        try await withDriverEmulator { emulator, directory in
            let app = try Self.launch(emulator, directory)
            _ = await app.getDistinctId()
            let run = try await emulator.run(["group", "--seed", "7"], storage: directory)
            #expect(run.lines.contains("returned group team-7"), "\(run.lines)")

            #expect(await app.groups == ["team": "team-7"])
            await app.capture("in_team")
            await app.flush()
            let event = emulator.state.events.first { $0.event == "in_team" }
            #expect(event?.properties[VoidhashConstants.groupsProperty] == .object(["team": .string("team-7")]))
            await app.shutdown()
        }
    }
}
