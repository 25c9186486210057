import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import Voidhash

@Suite("Groups: quickstart", .timeLimit(.minutes(3)))
struct VoidhashGroupsQuickstartTests {
    /// Steps 5 to 7 of `Examples/VoidhashQuickstart.md`, compiled and run against the emulator.
    @Test func quickstartGroupsAndCapture() async throws {
        let state = VoidhashEmulatorState()
        let emulator = VoidhashEmulator.makeServer(state: state)
        let baseURL = try await emulator.start()
        let storage = FileManager.default.temporaryDirectory
            .appendingPathComponent("voidhash-quickstart-groups-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: storage) }
        let voidhash = try Voidhash(
            publishableKey: "vh_pk_test_quickstart",
            options: VoidhashOptions(baseURL: baseURL, storageDirectory: storage, onWarning: { print("voidhash:", $0) })
        )

        // 5. The user's groups: the whole set at once (call it on every launch; the same groups again
        //    send and store nothing). A string literal is a group with no properties.
        await voidhash.setGroups([
            "company": VoidhashGroup(id: "acme", properties: ["name": .string("Acme"), "plan": .string("pro")]),
            "team": "acme-design",
        ])
        print("groups:", await voidhash.groups)

        // 6. Events are stored on the device at once and sent in batches; each carries the groups it
        //    was captured in as $groups. A group the event names itself wins for its type.
        await voidhash.capture("report_shared", properties: ["format": .string("pdf")])
        await voidhash.capture("report_shared", properties: ["$groups": .object(["team": .string("acme-sales")])])
        await voidhash.flush()

        // 7. Leaving every group: later events carry none. signOut() and reset() clear them too.
        await voidhash.resetGroups()

        #expect(await voidhash.groups == [:])
        let shared = state.events.filter { $0.event == "report_shared" }
        #expect(
            shared.map(\.groups) == [
                ["company": "acme", "team": "acme-design"], ["company": "acme", "team": "acme-sales"],
            ])
        #expect(state.groupProperties(type: "company", key: "acme") == ["name": "Acme", "plan": "pro"])
        await voidhash.shutdown()
        await emulator.stop()
    }
}
