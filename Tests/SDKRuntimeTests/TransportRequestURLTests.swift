import Foundation
import SDKRuntime
import Testing

@Suite("RequestURL", .timeLimit(.minutes(3)))
struct TransportRequestURLTests {
    static func url(_ base: String, _ path: String, query: [HTTPField] = []) throws -> String {
        let request = HTTPRequest(method: "GET", path: path, query: query, isSafeToRepeat: true)
        return try RequestURL.make(for: request, baseURL: try #require(URL(string: base)))
            .absoluteString
    }

    @Test("the path is appended to the base URL, with or without its trailing slash")
    func appendsPath() throws {
        #expect(
            try Self.url("https://api.example.com", "/v1/person") == "https://api.example.com/v1/person")
        #expect(
            try Self.url("https://api.example.com/", "/v1/person") == "https://api.example.com/v1/person")
        #expect(
            try Self.url("https://api.example.com/api/", "/v1/p%20q")
                == "https://api.example.com/api/v1/p%20q")
        #expect(
            try Self.url("https://api.example.com", "/v1/a%2Fb:c@d,e")
                == "https://api.example.com/v1/a%2Fb:c@d,e")
        #expect(
            try Self.url("https://api.example.com", "/v1/a%2F") == "https://api.example.com/v1/a%2F",
            "an escape that ends the path")
    }

    @Test("query names and values are percent-encoded, keeping only unreserved characters")
    func encodesQuery() throws {
        let query = [
            HTTPField(name: "email", value: "ada+1@example.com"),
            HTTPField(name: "q", value: "a b&c=d/?#é~._-"),
            HTTPField(name: "k y", value: ""),
        ]
        #expect(
            try Self.url("https://api.example.com", "/v1/search", query: query)
                == "https://api.example.com/v1/search?email=ada%2B1%40example.com&q=a%20b%26c%3Dd%2F%3F%23%C3%A9~._-&k%20y="
        )
    }

    @Test(
        "plain http is allowed to loopback hosts",
        arguments: [
            "http://127.0.0.1:8080", "http://127.1.2.3", "http://localhost:9000", "http://LOCALHOST",
            "http://[::1]:8080",
        ])
    func loopbackHTTP(base: String) throws {
        #expect(try Self.url(base, "/v1/x").hasSuffix("/v1/x"))
    }

    @Test(
        "plain http elsewhere, other schemes and odd base URLs are refused",
        arguments: [
            "http://api.example.com", "http://127.0.0.1.example.com", "http://128.0.0.1",
            "http://127.0.0.256",
            "http://10.0.0.1", "http://[::2]", "ftp://127.0.0.1", "https://api.example.com?x=1",
            "https://api.example.com#frag", "file:///tmp",
        ])
    func refusedBases(base: String) {
        #expect(throws: TransportError.self) { try Self.url(base, "/v1/x") }
    }

    @Test(
        "paths must start with a slash and hold no query or fragment",
        arguments: ["v1/x", "/v1/x?y=1", "/v1#x", "", "/a b", "/é", "/a%2", "/a%", "/a%zz", "/a\\b"])
    func refusedPaths(path: String) {
        #expect(throws: TransportError.self) { try Self.url("https://api.example.com", path) }
    }

    @Test(
        "loopback detection",
        arguments: [
            ("localhost", true), ("127.0.0.1", true), ("127.255.255.254", true), ("::1", true),
            ("[::1]", true),
            ("127.0.0", false), ("127.0.0.1.1", false), ("127.0.0.x", false), ("0127.0.0.1", false),
            ("localhost.example.com", false), ("example.com", false), ("", false),
        ])
    func loopback(host: String, expected: Bool) {
        #expect(RequestURL.isLoopback(host: host) == expected)
    }
}
