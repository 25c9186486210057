import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libFuzzer's entry point: one input is the bytes a client sends on one connection.
///
/// Compiled into the emulator module (see `Fuzz/build.sh`), so it reaches the internal
/// `RequestHeadParser` and `RequestReader`. The bytes go through the head parser directly, then
/// through a `RequestReader` reading them from a socket pair, request after request (pipelining),
/// until the reader closes or refuses. Small limits make every limit reachable.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard bytes.count <= HTTPRequestFuzzing.maxInputBytes else { return 0 }
    HTTPRequestFuzzing.checkHead(bytes)
    HTTPRequestFuzzing.checkReader(bytes)
    return 0
}

/// The checks the HTTP target runs on each input.
enum HTTPRequestFuzzing {
    /// Inputs larger than this are skipped: the whole input must fit in the socket buffer, so the
    /// writer never blocks before the reader starts.
    static let maxInputBytes = 64 * 1024

    /// Small limits, so that inputs reach every limit check.
    static let limits = ServerLimits(
        maxHeadBytes: 512, maxHeaderCount: 8, maxBodyBytes: 1024, idleTimeout: .seconds(5),
        requestTimeout: .seconds(5), writeTimeout: .seconds(5))

    /// The head parser on the input's first head: a head it accepts is consistent.
    static func checkHead(_ bytes: [UInt8]) {
        guard let end = RequestHeadParser.findHeadEnd(in: bytes, from: 0) else { return }
        guard end.headLength < end.consumed, end.consumed <= bytes.count else {
            fuzzFailure("findHeadEnd returned \(end) for \(bytes.count) bytes")
        }
        guard let head = try? RequestHeadParser.parse(bytes[0..<end.headLength], limits: limits)
        else { return }
        check(head)
    }

    /// A `RequestReader` reading the input from a socket: every request it returns is consistent,
    /// and each read consumes input, so it ends.
    static func checkReader(_ bytes: [UInt8]) {
        var pair: [Int32] = [0, 0]
        #if canImport(Darwin)
            let streamType = SOCK_STREAM
        #else
            let streamType = Int32(SOCK_STREAM.rawValue)
        #endif
        guard socketpair(AF_UNIX, streamType, 0, &pair) == 0 else {
            fuzzFailure("socketpair failed: errno \(errno)")
        }
        defer {
            POSIX.closeDescriptor(pair[0])
            POSIX.closeDescriptor(pair[1])
        }
        let client = ConnectionSocket(descriptor: pair[0], writeTimeout: .seconds(5))
        guard client.write(bytes) else { fuzzFailure("could not write \(bytes.count) bytes") }
        _ = shutdown(pair[0], POSIX.shutdownWrite)
        var reader = RequestReader(
            socket: ConnectionSocket(descriptor: pair[1], writeTimeout: .seconds(5)), limits: limits)
        var bodyBytes = 0
        for _ in 0...bytes.count {
            switch reader.next(began: { true }, sendContinue: { true }) {
            case .closed, .refused:
                return
            case .request(let head, let body):
                check(head)
                guard body.count == head.contentLength else {
                    fuzzFailure("body of \(body.count) bytes for Content-Length \(head.contentLength)")
                }
                bodyBytes += body.count
                guard bodyBytes <= bytes.count else { fuzzFailure("the reader returned more than it read") }
            }
        }
        fuzzFailure("the reader returned more requests than the input has bytes")
    }

    /// What every accepted head satisfies, whatever the input.
    static func check(_ head: RequestHead) {
        guard head.path.hasPrefix("/"), PercentDecoding.segments(ofPath: head.path) != nil,
            (0...1).contains(head.minorVersion), (0...limits.maxBodyBytes).contains(head.contentLength),
            head.headers.count <= limits.maxHeaderCount, HTTPSyntax.isToken(Array(head.method.utf8))
        else { fuzzFailure("an accepted head is inconsistent: \(head)") }
    }
}
