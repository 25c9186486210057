import Foundation
import Testing

@testable import SDKPersistence
@testable import SDKRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Security properties of the runtime: TLS everywhere but loopback, bounded responses, and
/// owner-only storage whatever was on disk before.
@Suite("Runtime security", .timeLimit(.minutes(3)))
struct SDKRuntimeSecurityTests {
    static let get = HTTPRequest(method: "GET", path: "/v1/items", isSafeToRepeat: true)

    // MARK: TLS

    @Test(
        "plain http to a host that only looks like loopback is refused by the transport before sending",
        arguments: [
            "http://127.0.0.1@api.example.com", "http://localhost@api.example.com",
            "http://localhost:80@api.example.com", "http://127.0.0.1.nip.io", "http://localhost.example.com",
            "http://2130706433", "http://0x7f000001", "http://0x7f.0.0.1", "http://0177.0.0.1",
            "http://[::ffff:127.0.0.1]", "http://0.0.0.0", "http://HTTP.EXAMPLE.COM", "HTTP://api.example.com",
        ])
    func lookalikeLoopbackIsRefused(base: String) throws {
        let url = try #require(URL(string: base))
        #expect(throws: TransportError.self) {
            try URLSessionTransport.makeURLRequest(for: Self.get, baseURL: url, timeout: .seconds(1))
        }
    }

    @Test(
        "Foundation's idle timeout is a minute past the time limit, in whole seconds: the limit is measured on the transport's clock alone",
        arguments: [
            (Duration.milliseconds(2_500), 63.0), (.seconds(2), 62), (.milliseconds(500), 61), (.zero, 60),
            (.seconds(-5), 60),
        ])
    func theIdleTimeoutIsAMinutePastTheLimitInWholeSeconds(limit: Duration, idle: TimeInterval) throws {
        let url = try #require(URL(string: "http://127.0.0.1:8080"))
        let request = try URLSessionTransport.makeURLRequest(for: Self.get, baseURL: url, timeout: limit)
        #expect(request.timeoutInterval == idle)
    }

    @Test("the TLS refusal names the rule and not the URL, which may carry personal data")
    func refusalDoesNotEchoTheURL() throws {
        let url = try #require(URL(string: "http://api.example.com/ada@example.com"))
        do {
            _ = try URLSessionTransport.makeURLRequest(for: Self.get, baseURL: url, timeout: .seconds(1))
            Issue.record("plain http to a remote host was accepted")
        } catch {
            guard case .invalidRequest(let message) = error else {
                Issue.record("Expected invalidRequest, got \(error)")
                return
            }
            #expect(message.contains("TLS required"))
            #expect(!message.contains("example.com"))
        }
    }

    @Test("https to any host and plain http to loopback are the only URLs built")
    func onlyTLSOrLoopback() throws {
        for base in ["https://api.example.com", "http://127.0.0.1:9", "http://localhost:9", "http://[::1]:9"] {
            let url = try #require(URL(string: base))
            let request = try URLSessionTransport.makeURLRequest(for: Self.get, baseURL: url, timeout: .seconds(1))
            let scheme = try #require(request.url?.scheme)
            let host = try #require(request.url?.host)
            #expect(scheme == "https" || RequestURL.isLoopback(host: host))
        }
    }

    @Test("a header value keeps its tabs and any non-ASCII text; only the other control characters are refused")
    func headerValuesMayHoldTabsAndNonASCII() throws {
        let url = try #require(URL(string: "http://127.0.0.1:8080"))
        var request = Self.get
        request.headers = [HTTPField(name: "X-Note", value: "a\tb, café 🔑")]
        let built = try URLSessionTransport.makeURLRequest(for: request, baseURL: url, timeout: .seconds(1))
        #expect(built.value(forHTTPHeaderField: "X-Note") == "a\tb, café 🔑")
    }

    // MARK: Response size

    @Test("the default response limit is 8 MiB")
    func defaultResponseLimit() {
        #expect(URLSessionTransport().maximumResponseSize == 8 * 1024 * 1024)
        #expect(URLSessionTransport.defaultMaximumResponseSize == 8 * 1024 * 1024)
    }

    @Test(
        "a body of exactly the limit arrives whole; one byte more is refused",
        arguments: [(1_024, true), (1_025, false)])
    func responseLimitBoundary(size: Int, accepted: Bool) async throws {
        let server = try LoopbackServer { _ in
            LoopbackServer.response(200, body: String(repeating: "z", count: size))
        }
        defer { server.stop() }
        let transport = URLSessionTransport(maximumResponseSize: 1_024)
        do throws(TransportError) {
            let response = try await transport.send(Self.get, to: server.baseURL)
            #expect(accepted)
            #expect(response.body.count == size)
        } catch {
            #expect(!accepted)
            guard case .connectionLost = error else {
                Issue.record("Expected connectionLost, got \(error)")
                return
            }
        }
    }

    // MARK: Storage

    @Test("sidecar files left readable by others are restricted to the owner when storage opens")
    func permissiveSidecarsAreRestricted() throws {
        let directory = StorageTestDirectory()
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        for suffix in ["", "-wal", "-shm"] {
            #expect(
                FileManager.default.createFile(
                    atPath: directory.databaseURL().path + suffix, contents: nil,
                    attributes: [.posixPermissions: 0o666]))
        }
        let storage = try directory.open()
        defer { storage.close() }
        for suffix in ["", "-wal", "-shm"] {
            #expect(try permissionBits(URL(fileURLWithPath: directory.databaseURL().path + suffix)) == 0o600)
        }
    }

    @Test("files SQLite creates after a reopen are owner-only too")
    func filesOfLaterOpensAreOwnerOnly() throws {
        let directory = StorageTestDirectory()
        for round in 0..<2 {
            let storage = try directory.open()
            try storage.queue.enqueue(
                lane: .events, kind: "event", payload: payloadBytes("{\"round\":\(round)}"), now: Date())
            for name in try directory.fileNames() {
                #expect(
                    try permissionBits(directory.url.appendingPathComponent(name)) == 0o600, "\(name) is 0600")
            }
            storage.close()
        }
        #expect(try permissionBits(directory.url) == 0o700)
    }

    @Test("an unreadable database moved aside is owner-only, whatever its mode was")
    func movedAsideIsOwnerOnly() throws {
        let directory = StorageTestDirectory()
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        #expect(
            FileManager.default.createFile(
                atPath: directory.databaseURL().path, contents: garbage, attributes: [.posixPermissions: 0o644]))
        let storage = try directory.open()
        defer { storage.close() }
        let moved = try #require(storage.openReport.movedAside.first)
        #expect(try Data(contentsOf: moved.url) == garbage)
        #expect(try permissionBits(moved.url) == 0o600)
    }
}
