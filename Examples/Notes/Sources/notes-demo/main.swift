// notes-demo BASE_URL: calls every kind of operation of the Notes API through the generated
// client and prints what came back. It links NotesAPI and SDKRuntime only (no SQLite, no
// libcrypto): run it against `notes-emulator`, the server made from the spec.
import Foundation
import NotesAPI
import SDKRuntime

guard CommandLine.arguments.count == 2, let baseURL = URL(string: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: notes-demo BASE_URL (such as http://127.0.0.1:8080)\n".utf8))
    exit(64)
}

let notes = NotesClient(core: APIClient(baseURL: baseURL, transport: URLSessionTransport()))
do {
    let page = try await notes.listNotes(tag: "home", limit: 10)
    print("listNotes: \(page.notes.map(\.title)) next: \(page.nextCursor ?? "none")")
    let note = try await notes.getNote(noteId: "n_abc123")
    print("getNote: \(note.title) (\(note.status.rawValue)) written \(note.createdAt)")
    let created = try await notes.createNote(
        body: NewNote(title: "Groceries", body: "Milk, eggs", tags: ["home", "to-buy"]),
        idempotencyKey: UUID().uuidString)
    print("createNote: \(created.id)")
    let changed = try await notes.updateNote(
        noteId: "n_abc123", body: NoteChange(status: .archived), idempotencyKey: UUID().uuidString)
    print("updateNote: \(changed.id)")
    try await notes.deleteNote(noteId: "n_abc123", idempotencyKey: UUID().uuidString)
    print("deleteNote: done")
} catch {
    FileHandle.standardError.write(Data("notes-demo: \(error.summary)\n".utf8))
    exit(1)
}

// What the contract refuses: a tag its pattern rejects never leaves the process, and the
// service's own error codes arrive typed.
do {
    _ = try await notes.createNote(
        body: NewNote(title: "Groceries", body: "", tags: ["Home"]), idempotencyKey: UUID().uuidString)
    FileHandle.standardError.write(Data("notes-demo: a tag the contract refuses was sent\n".utf8))
    exit(1)
} catch {
    print("createNote refused before sending: \(error.message)")
}
do {
    _ = try await notes.getNote(noteId: "n_missing")
    FileHandle.standardError.write(Data("notes-demo: an unknown note was found\n".utf8))
    exit(1)
} catch {
    print("getNote n_missing: \(error.notesCode?.rawValue ?? "no code") (\(error.status ?? 0))")
}
