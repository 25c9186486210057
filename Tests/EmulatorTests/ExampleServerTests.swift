import Foundation
import SDKEmulator
import SDKRuntime
import Testing

/// The server made from a spec's examples (what `<Name>ExampleServer` is built on): which
/// example answers, what is refused, and that it has the emulator's fault injection.
@Suite("Example server", .timeLimit(.minutes(3)))
struct ExampleServerTests {
    /// A model whose body test must compare decoded values, not text.
    struct Stamp: Codable, Equatable, Sendable {
        var at: Date
    }

    static let route = ExampleRoute(
        name: "getItem", method: "GET", path: "/v1/items/{itemId}", refusal: (400, "BAD_ITEM"),
        answers: [
            ExampleAnswer(name: "any item", response: ExampleAnswer.json(#"{"kind":"any"}"#, status: 200)),
            ExampleAnswer(
                name: "a missing item", parameters: ["itemId": "gone"],
                response: .error(status: 404, code: "ITEM_NOT_FOUND", message: "Not here.")),
            ExampleAnswer(
                name: "a big page", parameters: ["itemId": "gone", "size": "50"],
                response: ExampleAnswer.json(#"{"kind":"page"}"#, status: 200)),
        ],
        check: { _, parameters in parameters["itemId"] == "BAD" ? "itemId is bad" : nil })

    /// The route's answer to `GET /v1/items/<itemId>` with `query`.
    func respond(itemId: String, query: [HTTPField] = []) -> EmulatorResponse {
        let request = EmulatorRequest(method: "GET", path: "/v1/items/" + itemId, query: query)
        return Self.route.respond(to: request, pathParameters: PathParameters(["itemId": itemId]))
    }

    @Test("the example naming the most of the request answers it; one naming nothing answers any other")
    func mostSpecificExampleAnswers() {
        #expect(String(decoding: respond(itemId: "x1").body, as: UTF8.self) == #"{"kind":"any"}"#)
        #expect(respond(itemId: "gone").status == 404)
        let page = respond(itemId: "gone", query: [HTTPField(name: "size", value: "50")])
        #expect(String(decoding: page.body, as: UTF8.self) == #"{"kind":"page"}"#)
    }

    @Test("a request the checks refuse gets the route's refusal, before any example")
    func refusedRequest() {
        let response = respond(itemId: "BAD")
        #expect(response.status == 400)
        #expect(APIClient.error(for: response, now: Date())?.code == "BAD_ITEM")
        #expect(APIClient.error(for: response, now: Date())?.message == "itemId is bad")
    }

    @Test("a request no example describes is 501 NO_MATCHING_EXAMPLE")
    func unmatchedRequest() {
        let route = ExampleRoute(
            name: "getItem", method: "GET", path: "/v1/items/{itemId}",
            answers: [ExampleAnswer(name: "one", parameters: ["itemId": "a"], response: .empty(204))],
            check: { _, _ in nil })
        let response = route.respond(
            to: EmulatorRequest(method: "GET", path: "/v1/items/b"), pathParameters: PathParameters(["itemId": "b"]))
        #expect(response.status == 501)
        #expect(APIClient.error(for: response, now: Date())?.code == "NO_MATCHING_EXAMPLE")
    }

    @Test("a body matches an example when it decodes to the same value, however the date is written")
    func bodyMatchesByDecodedValue() {
        let matches = ExampleAnswer.body(Stamp.self, equalTo: #"{"at":"2026-11-29T10:00:00Z"}"#)
        #expect(matches(Data(#"{"at":"2026-11-29T10:00:00.000Z"}"#.utf8)))
        #expect(!matches(Data(#"{"at":"2026-11-29T10:00:01Z"}"#.utf8)))
        #expect(!matches(Data("not json".utf8)))
    }

    @Test("the server made from routes serves them over loopback with the emulator's faults")
    func servesWithFaults() async throws {
        let server = try ExampleServer.makeServer(routes: [Self.route])
        let baseURL = try await server.start()
        let transport = URLSessionTransport()
        let first = try await transport.send(
            HTTPRequest(method: "GET", path: "/v1/items/x1", isSafeToRepeat: true), to: baseURL)
        server.inject(.status(503, code: "UNAVAILABLE"), route: "getItem", scope: .next(1))
        let faulted = try await transport.send(
            HTTPRequest(method: "GET", path: "/v1/items/x1", isSafeToRepeat: true), to: baseURL)
        let logged = server.requests(route: "getItem").count
        await server.stop()
        #expect(first.status == 200)
        #expect(faulted.status == 503)
        #expect(logged == 2)
    }
}
