import SDKRuntime
import Testing

@testable import SDKEmulator

@Suite("Request head parser", .timeLimit(.minutes(3)))
struct RequestHeadParserTests {
    private func parse(_ text: String, limits: ServerLimits = .standard) throws(ProtocolError)
        -> RequestHead
    {
        let bytes = Array(text.utf8)
        guard let end = RequestHeadParser.findHeadEnd(in: bytes, from: 0) else {
            throw ProtocolError(status: 0, message: "no head end")
        }
        return try RequestHeadParser.parse(bytes[0..<end.headLength], limits: limits)
    }

    private func status(_ text: String, limits: ServerLimits = .standard) -> Int? {
        do {
            _ = try parse(text, limits: limits)
            return nil
        } catch {
            return error.status
        }
    }

    @Test func findsHeadEndWithCRLFOrLF() {
        let crlf = Array("GET / HTTP/1.1\r\nHost: a\r\n\r\nBODY".utf8)
        #expect(RequestHeadParser.findHeadEnd(in: crlf, from: 0)?.consumed == crlf.count - 4)
        let lf = Array("GET / HTTP/1.1\nHost: a\n\nBODY".utf8)
        #expect(RequestHeadParser.findHeadEnd(in: lf, from: 0)?.consumed == lf.count - 4)
        #expect(
            RequestHeadParser.findHeadEnd(in: Array("GET / HTTP/1.1\r\nHost: a\r\n".utf8), from: 0) == nil
        )
    }

    @Test func parsesRequestLineQueryAndFields() throws {
        let head = try parse(
            "POST /v1/people/a+b%20c?x=1&y=%C3%A9&flag&plus=a+b&encoded=a%2Bb%20c HTTP/1.1\r\nHost: h\r\nX-Thing:   spaced value \t\r\nContent-Length: 12\r\n\r\n"
        )
        #expect(head.method == "POST")
        #expect(head.path == "/v1/people/a+b%20c")
        #expect(head.query.map(\.name) == ["x", "y", "flag", "plus", "encoded"])
        // A query's `+` is a space, as form encoding writes one; `%2B` is the plus sign.
        #expect(head.query.map(\.value) == ["1", "é", "", "a b", "a+b c"])
        #expect(head.headers[field: "x-thing"] == "spaced value")
        #expect(head.contentLength == 12)
        #expect(head.keepAlive)
        #expect(head.minorVersion == 1)
    }

    @Test func acceptsAbsoluteForm() throws {
        let head = try parse("GET http://127.0.0.1:8080/v1/ping?a=b HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(head.path == "/v1/ping")
        #expect(head.query.first?.value == "b")
        #expect(try parse("GET http://127.0.0.1 HTTP/1.1\r\nHost: x\r\n\r\n").path == "/")
    }

    @Test func connectionSemantics() throws {
        #expect(
            try !parse("GET / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive, Close\r\n\r\n").keepAlive)
        #expect(try !parse("GET / HTTP/1.0\r\n\r\n").keepAlive)
        #expect(try parse("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").keepAlive)
        #expect(try parse("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-Continue\r\n\r\n").expectsContinue)
    }

    @Test(arguments: [
        "GET  / HTTP/1.1\r\nHost: x\r\n\r\n",  // double space
        "GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n",
        "G(T / HTTP/1.1\r\nHost: x\r\n\r\n",  // method not a token
        "GET nopath HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /a#frag HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /?a=%G1 HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /%C3%28 HTTP/1.1\r\nHost: x\r\n\r\n",  // decodes to invalid UTF-8
        "GET / HTTX/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\n\r\n",  // no Host
        "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nNo colon\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nBad Name: v\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nName : v\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nName: a\u{01}b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nName: a\rb\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1x\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \r\n\r\n",
    ])
    func malformedHeadsAre400(text: String) {
        #expect(status(text) == 400)
    }

    @Test func nonUTF8FieldValueIs400() {
        var bytes =
            Array("GET / HTTP/1.1\r\nHost: x\r\nName: ".utf8) + [0xFF, 0xFE] + Array("\r\n\r\n".utf8)
        bytes[0] = UInt8(ascii: "G")
        guard let end = RequestHeadParser.findHeadEnd(in: bytes, from: 0) else {
            Issue.record("no head end")
            return
        }
        #expect(throws: ProtocolError.self) {
            try RequestHeadParser.parse(bytes[0..<end.headLength], limits: .standard)
        }
    }

    @Test func repeatedEqualContentLengthsAreAccepted() throws {
        #expect(
            try parse("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3, 3\r\nContent-Length: 3\r\n\r\n")
                .contentLength == 3)
    }

    @Test func statusCodesForOtherRefusals() {
        #expect(status("GET / HTTP/2.0\r\nHost: x\r\n\r\n") == 505)
        #expect(status("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n") == 501)
        #expect(status("POST / HTTP/1.1\r\nHost: x\r\nExpect: something\r\n\r\n") == 417)
        #expect(
            status("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n") == 413
        )
        let small = ServerLimits(maxHeaderCount: 3, maxBodyBytes: 10)
        #expect(
            status("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\n", limits: small) == 413)
        #expect(
            status("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n", limits: small) == nil)
        #expect(
            status("GET / HTTP/1.1\r\nHost: x\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n", limits: small) == 431)
    }
}
