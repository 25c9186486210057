// notes-emulator [PORT]: serves the Notes API made from its spec on 127.0.0.1 (any free port
// by default), prints the base URL, and stops when its standard input closes.
import Foundation
import NotesEmulator

let port = CommandLine.arguments.dropFirst().first.flatMap { UInt16($0) } ?? 0
let server = try NotesExampleServer.makeServer()
let baseURL = try await server.start(port: port)
FileHandle.standardOutput.write(Data("\(baseURL.absoluteString)\n".utf8))
_ = FileHandle.standardInput.readDataToEndOfFile()
await server.stop()
