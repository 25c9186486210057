import Foundation
import NotesAPI
import NotesEmulator
import SDKEmulator
import SDKRuntime
import Testing

/// The generated client against the server made from the spec, over loopback HTTP: the
/// member rules of a body are checked by the client before sending and by the server on
/// receipt.
@Suite("Notes client against the server made from the spec", .timeLimit(.minutes(1)))
struct NotesClientTests {
    @Test("a body whose member breaks its rule is refused by the client and never sent")
    func clientRefusesABrokenBody() async throws {
        let server = try NotesExampleServer.makeServer()
        let baseURL = try await server.start()
        let notes = NotesClient(core: APIClient(baseURL: baseURL, transport: URLSessionTransport()))
        let outcome = await APIOutcome.of {
            try await notes.createNote(
                body: NewNote(title: "Groceries", body: "", tags: ["home", "Not A Tag"]), idempotencyKey: "k1")
        }
        let sent = server.requests(route: "createNote").count
        await server.stop()
        #expect(outcome.error?.code == "INVALID_ARGUMENT")
        #expect(outcome.error?.message.hasPrefix("tags[1] ") == true, "the element is named by its index")
        #expect(sent == 0)
    }

    @Test(
        "the server refuses a body that breaks a member rule, naming the member",
        arguments: [
            #"{"title":"Groceries","body":"","tags":["Not A Tag"]}"#, #"{"title":"   ","body":""}"#, #"{"body":""}"#,
        ])
    func serverRefusesABrokenBody(json: String) async throws {
        let server = try NotesExampleServer.makeServer()
        let baseURL = try await server.start()
        var request = HTTPRequest(
            method: "POST", path: "/v1/notes", headers: [try APIClient.idempotencyKeyField("k1")],
            isSafeToRepeat: true)
        request.body = Data(json.utf8)
        let response = try await URLSessionTransport().send(request, to: baseURL)
        await server.stop()
        #expect(response.status == 400)
        let error = APIClient.error(for: response, now: Date())
        #expect(error?.code == "INVALID_ARGUMENT")
        #expect(error?.message.contains("Idempotency-Key") == false)
    }

    @Test(
        "a change without an Idempotency-Key, or with a blank one, is refused by the server; the client sends none",
        arguments: [nil, "", "  "])
    func changesNeedAnIdempotencyKey(key: String?) async throws {
        let server = try NotesExampleServer.makeServer()
        let baseURL = try await server.start()
        var request = HTTPRequest(
            method: "DELETE", path: "/v1/notes/n_abc123",
            headers: key.map { [HTTPField(name: "Idempotency-Key", value: $0)] } ?? [], isSafeToRepeat: true)
        let response = try await URLSessionTransport().send(request, to: baseURL)
        request.headers = [try APIClient.idempotencyKeyField("k1")]
        let withKey = try await URLSessionTransport().send(request, to: baseURL)
        let notes = NotesClient(core: APIClient(baseURL: baseURL, transport: URLSessionTransport()))
        let blank = await APIOutcome.of { try await notes.deleteNote(noteId: "n_abc123", idempotencyKey: key ?? " ") }
        let sent = server.requests(route: "deleteNote").count
        await server.stop()
        #expect(response.status == 400)
        #expect(APIClient.error(for: response, now: Date())?.message.contains("Idempotency-Key") == true)
        #expect(withKey.status == 204)
        #expect(blank.error?.category == .rejected)
        #expect(sent == 2, "the client sent nothing with a blank key")
    }

    @Test("each operation example is answered as the spec says, the most specific example first")
    func examplesAreAnswered() async throws {
        let server = try NotesExampleServer.makeServer()
        let baseURL = try await server.start()
        let notes = NotesClient(core: APIClient(baseURL: baseURL, transport: URLSessionTransport()))
        let found = await APIOutcome.of { try await notes.getNote(noteId: "n_abc123") }
        let missing = await APIOutcome.of { try await notes.getNote(noteId: "n_missing") }
        let unknown = await APIOutcome.of { try await notes.getNote(noteId: "n_nosuchexample") }
        await server.stop()
        #expect(found.value?.title == "Groceries")
        #expect(missing.error?.notesCode == .noteNotFound)
        #expect(unknown.error?.status == 501)
    }
}
