import Foundation
import SDKRuntime
import TestSupport
import Testing

@testable import SDKEmulator

/// Replays the emulator fuzz targets' inputs (`Fuzz/README.md`) in the regular suite: their seed
/// corpora and every input kept in `Fuzz/Crashes/<target>/`, each checked with the property its
/// target checks, so a finding stays fixed.
@Suite("Fuzz regressions: emulator", .timeLimit(.minutes(3)))
struct EmulatorFuzzRegressionTests {
    /// The package root, found from this file's location.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The seeds and the kept crashes of `target`, by path relative to the package root.
    static func inputs(_ target: String) -> [String] {
        ["Fuzz/Corpus/\(target)", "Fuzz/Crashes/\(target)"].flatMap { folder in
            let names =
                (try? FileManager.default.contentsOfDirectory(
                    atPath: root.appendingPathComponent(folder).path)) ?? []
            return names.map { "\(folder)/\($0)" }
        }
        .sorted()
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(path)))
    }

    @Test("the seeds are found (else the replays below would check nothing)")
    func seedsArePresent() {
        #expect(Self.inputs("http-request").count >= 5)
        #expect(Self.inputs("emulator-requests").count >= 10)
    }

    @Test("the request target's inputs: every head the parser accepts is consistent", arguments: inputs("http-request"))
    func acceptedHeadsAreConsistent(path: String) throws {
        let bytes = try Self.bytes(path)
        guard let end = RequestHeadParser.findHeadEnd(in: bytes, from: 0) else { return }
        #expect(end.headLength < end.consumed && end.consumed <= bytes.count)
        guard let head = try? RequestHeadParser.parse(bytes[0..<end.headLength], limits: .standard) else { return }
        #expect(head.path.hasPrefix("/"))
        #expect((0...1).contains(head.minorVersion))
        #expect((0...ServerLimits.standard.maxBodyBytes).contains(head.contentLength))
        #expect(head.headers.count <= ServerLimits.standard.maxHeaderCount)
    }

    @Test(
        "the emulator target's inputs: a running emulator answers them with real statuses and keeps serving",
        arguments: inputs("emulator-requests"))
    func emulatorAnswersAndKeepsServing(path: String) async throws {
        let input = try Self.bytes(path)
        guard let selector = input.first else { return }
        let server =
            selector % 2 == 0
            ? VoidhashEmulator.makeServer() : try MobileJoeEmulator.makeServer(state: .withSampleContent())
        let url = try await server.start()
        do {
            let answer = try await offPool {
                let client = try RawClient(port: url.serverPort)
                client.write(Array(input.dropFirst()))
                client.shutdownWrite()
                return String(decoding: client.readToEnd(), as: UTF8.self)
            }
            let statuses = answer.components(separatedBy: "\r\n").filter { $0.hasPrefix("HTTP/1.") }
                .compactMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
            #expect(statuses.allSatisfy { (100...599).contains($0) }, "\(answer.prefix(200))")
            if path.hasPrefix("Fuzz/Corpus/") { #expect(!statuses.isEmpty, "a seed is a whole request") }
            #expect(try await fetch(url, "/_admin/requests").status == 200, "the server still answers")
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
