import Foundation
import SDKRuntime
import Synchronization
import Testing

@Suite("APIClient", .timeLimit(.minutes(3)))
struct APIClientTests {
    struct Person: Decodable, Sendable, Equatable {
        var id: String
        var seats: Int
    }

    static let baseURL = exampleURL("https://api.example.com/v1")
    static let get = HTTPRequest(method: "GET", path: "/person", isSafeToRepeat: true)

    static func client(_ mock: ScriptedTransport, headers: [HTTPField] = []) -> APIClient {
        APIClient(baseURL: baseURL, transport: mock, clock: ManualClock()) { headers }
    }

    /// The error `client` throws for a single scripted outcome of a decoding send.
    static func failure(of outcome: Result<HTTPResponse, TransportError>) async -> APIError? {
        do {
            _ = try await client(ScriptedTransport([outcome])).send(get, decoding: Person.self)
            return nil
        } catch {
            return error
        }
    }

    static func errorBody(_ code: String, _ message: String) -> String {
        #"{"error":{"code":"\#(code)","message":"\#(message)"}}"#
    }

    @Test("a 2xx body decodes into the requested type")
    func decodesSuccess() async throws {
        let mock = ScriptedTransport([reply(200, body: #"{"id":"p_1","seats":3}"#)])
        let person = try await Self.client(mock).send(Self.get, decoding: Person.self)
        #expect(person == Person(id: "p_1", seats: 3))
        #expect(mock.baseURLs == [Self.baseURL])
    }

    @Test("supplied headers are added, the request's own fields win, JSON defaults fill in")
    func mergesHeaders() async throws {
        let mock = ScriptedTransport([reply(204)])
        let client = Self.client(
            mock,
            headers: [
                HTTPField(name: "Authorization", value: "Bearer sdk"),
                HTTPField(name: "X-SDK-Version", value: "1.0"),
            ])
        let request = HTTPRequest(
            method: "POST", path: "/events",
            headers: [
                HTTPField(name: "authorization", value: "Bearer own"), try APIClient.idempotencyKeyField("k1"),
            ],
            body: Data("{}".utf8), isSafeToRepeat: true)
        try await client.send(request)
        let sent = try #require(mock.requests.first)
        #expect(sent.headers[field: "Authorization"] == "Bearer own")
        #expect(sent.headers[field: "x-sdk-version"] == "1.0")
        #expect(sent.headers[field: "Idempotency-Key"] == "k1")
        #expect(sent.headers[field: "Content-Type"] == "application/json")
        #expect(sent.headers[field: "Accept"] == "application/json")
        #expect(sent.headers.filter { $0.name.lowercased() == "authorization" }.count == 1)
        #expect(sent.body == Data("{}".utf8))
    }

    @Test("a request without a body gets no Content-Type")
    func noBodyNoContentType() async throws {
        let mock = ScriptedTransport([reply(204)])
        try await Self.client(mock).send(Self.get)
        #expect(try #require(mock.requests.first).headers[field: "Content-Type"] == nil)
    }

    @Test("the header closure is asked again for every send")
    func headersPerSend() async throws {
        let calls = Mutex(0)
        let mock = ScriptedTransport([reply(204), reply(204)])
        let client = APIClient(baseURL: Self.baseURL, transport: mock) {
            let call = calls.withLock { count in
                count += 1
                return count
            }
            return [HTTPField(name: "X-Call", value: "\(call)")]
        }
        try await client.send(Self.get)
        try await client.send(Self.get)
        #expect(mock.requests.map { $0.headers[field: "X-Call"] } == ["1", "2"])
    }

    @Test("send without decoding ignores the body of a 2xx")
    func ignoresBody() async throws {
        let mock = ScriptedTransport([reply(204), reply(200, body: "not json")])
        try await Self.client(mock).send(Self.get)
        try await Self.client(mock).send(Self.get)
        #expect(mock.sendCount == 2)
    }

    @Test("a 2xx body that does not decode is invalidResponse, naming the type, not the body")
    func undecodableSuccess() async throws {
        let error = try #require(await Self.failure(of: reply(200, body: #"{"id":"ada@example.com"}"#)))
        #expect(error.category == .invalidResponse)
        #expect(error.status == 200)
        #expect(error.message.contains("Person"))
        #expect(!error.message.contains("ada@example.com"))
    }

    @Test(
        "401 and 403 are authenticationFailed",
        arguments: [401, 403])
    func authenticationStatuses(status: Int) async throws {
        let error = try #require(
            await Self.failure(
                of: reply(status, body: Self.errorBody("AUTHENTICATION_FAILED", "Bad key"))))
        #expect(error.category == .authenticationFailed)
        #expect(error.status == status)
        #expect(error.code == "AUTHENTICATION_FAILED")
        #expect(error.message == "Bad key")
    }

    @Test("the code AUTHENTICATION_FAILED means authenticationFailed whatever the status")
    func authenticationCode() async throws {
        let error = try #require(
            await Self.failure(of: reply(400, body: Self.errorBody("AUTHENTICATION_FAILED", "No"))))
        #expect(error.category == .authenticationFailed)
    }

    @Test("a 400 with an error body is rejected with its code and message")
    func rejectedWithBody() async throws {
        let error = try #require(
            await Self.failure(
                of: reply(400, body: Self.errorBody("INVALID_ARGUMENT", "seats must be positive"))))
        #expect(
            error
                == APIError(
                    category: .rejected, status: 400, code: "INVALID_ARGUMENT",
                    message: "seats must be positive"))
    }

    @Test(
        "a 4xx with a missing or garbled body is still rejected, by status",
        arguments: ["", "<html>oops</html>", #"{"error":"flat"}"#, #"{"error":{"message":""}}"#])
    func rejectedWithoutBody(body: String) async throws {
        let error = try #require(await Self.failure(of: reply(404, body: body)))
        #expect(error.category == .rejected)
        #expect(error.status == 404)
        #expect(error.code == nil)
        #expect(error.message.contains("404"))
    }

    @Test("429 is retryable and carries Retry-After")
    func tooManyRequests() async throws {
        let error = try #require(
            await Self.failure(
                of: reply(429, headers: [HTTPField(name: "Retry-After", value: "30")], body: "garbled")))
        #expect(error.category == .retryable)
        #expect(error.status == 429)
        #expect(error.retryAfter == .seconds(30))
    }

    @Test("408 and 5xx are retryable", arguments: [408, 500, 502, 503, 504])
    func retryableStatuses(status: Int) async throws {
        let error = try #require(await Self.failure(of: reply(status)))
        #expect(error.category == .retryable)
        #expect(error.retryAfter == nil)
    }

    @Test("a 1xx, 3xx or out-of-range status is invalidResponse", arguments: [101, 302, 304, 600])
    func unexpectedStatuses(status: Int) async throws {
        let error = try #require(await Self.failure(of: reply(status)))
        #expect(error.category == .invalidResponse)
    }

    @Test(
        "transport failures map to categories",
        arguments: [
            (TransportError.unreachable("refused"), APIError.Category.unreachable),
            (.timedOut, .retryable),
            (.connectionLost("reset"), .retryable),
            (.cancelled, .retryable),
            (.invalidRequest("TLS required"), .rejected),
        ])
    func transportFailures(failure: TransportError, category: APIError.Category) async throws {
        let error = try #require(await Self.failure(of: .failure(failure)))
        #expect(error.category == category)
        #expect(error.status == nil)
        #expect(error.code == nil)
    }

    @Test(
        "idempotencyKeyField names Idempotency-Key, and refuses a blank key or one a header cannot carry before anything is sent"
    )
    func idempotencyKey() throws {
        for key in ["01890a5d-ac96", "a key with spaces", "clé-🔑"] {
            #expect(try APIClient.idempotencyKeyField(key) == HTTPField(name: "Idempotency-Key", value: key))
        }
        let refused = [
            "": "The idempotency key is blank.", " ": "The idempotency key is blank.",
            "\t\u{3000}": "The idempotency key is blank.",
            "k\u{1}x": "The idempotency key holds the control character U+0001, which a header cannot carry.",
            "k\tx": "The idempotency key holds the control character U+0009, which a header cannot carry.",
            "k\u{7F}": "The idempotency key holds the control character U+007F, which a header cannot carry.",
            "k\u{85}": "The idempotency key holds the control character U+0085, which a header cannot carry.",
        ]
        for (key, message) in refused {
            #expect(throws: APIError(category: .rejected, message: message)) {
                try APIClient.idempotencyKeyField(key)
            }
        }
    }
}
