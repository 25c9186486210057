import Foundation
import SDKRuntime
import Synchronization
import Testing
import VoidhashAPI

/// The rules of the models a body holds are the body's too: `violations()` of a batch names an
/// event that breaks a rule by its place in the batch, and the client refuses the batch.
@Suite("Rules of nested models", .timeLimit(.minutes(1)))
struct EventBatchRulesTests {
    static func event(_ name: String) -> Event {
        Event(
            id: UUIDv7.make().lowercasedText, event: name, distinctId: "user_1", timestamp: Date(), sessionId: "s1",
            properties: [:])
    }

    @Test func aBatchNamesTheEventThatBreaksARuleByItsPlace() throws {
        let batch = EventBatch(events: [Self.event("kept"), Self.event(""), Self.event("also_kept")])
        let violations = batch.violations()
        #expect(violations.map(\.property) == ["events[1].event"])
        #expect(violations.first?.message == EventNameRule.validate("")?.message)
        #expect(EventBatch(events: [Self.event("kept")]).violations().isEmpty)
    }

    /// A transport that records that it was asked to send, and never answers.
    final class NoTransport: Transport {
        let sent = Mutex(0)

        func send(_ request: HTTPRequest, to baseURL: URL) async throws(TransportError) -> HTTPResponse {
            sent.withLock { $0 += 1 }
            throw .unreachable("nothing is sent in this test")
        }
    }

    @Test func theClientRefusesABatchWithABrokenEventBeforeSending() async throws {
        let transport = NoTransport()
        let client = VoidhashClient(
            core: APIClient(baseURL: try #require(URL(string: "http://127.0.0.1:9")), transport: transport))
        let error = await #expect(throws: APIError.self) {
            try await client.captureEvents(body: EventBatch(events: [Self.event("")]), idempotencyKey: "k")
        }
        #expect(error?.code == "INVALID_ARGUMENT")
        #expect(error?.message.hasPrefix("events[0].event ") == true)
        #expect(transport.sent.withLock { $0 } == 0)
    }
}
