import Foundation

/// Reads requests one after another from a connection, enforcing the limits and timeouts.
/// Bytes after one request (a pipelined next request) stay buffered for the next call.
struct RequestReader {
    /// What reading the next request produced.
    enum Outcome {
        /// A complete request.
        case request(RequestHead, Data)
        /// The connection ended or sat idle too long; nothing to answer.
        case closed
        /// The request is refused; answer the error and close.
        case refused(ProtocolError)
    }

    private let socket: ConnectionSocket
    private let limits: ServerLimits
    private var buffer: [UInt8] = []

    /// A reader for `socket`.
    init(socket: ConnectionSocket, limits: ServerLimits) {
        self.socket = socket
        self.limits = limits
    }

    /// Reads the next request. `began` is called once its first byte is here; it returns `false`
    /// when the connection is to end instead. `sendContinue` is called when the client waits for
    /// `100 Continue` before sending the body; it returns `false` when the write failed.
    mutating func next(began: () -> Bool, sendContinue: () -> Bool) -> Outcome {
        guard waitForFirstByte(), began() else { return .closed }
        let deadline = ContinuousClock.now + limits.requestTimeout
        let head: RequestHead
        switch readHead(deadline: deadline) {
        case .head(let parsed): head = parsed
        case .ended(let outcome): return outcome
        }
        if head.expectsContinue && buffer.count < head.contentLength && !sendContinue() {
            return .closed
        }
        while buffer.count < head.contentLength {
            switch socket.read(
                into: &buffer, limit: head.contentLength - buffer.count, deadline: deadline)
            {
            case .data: continue
            case .endOfStream, .failed: return .closed
            case .timedOut:
                return .refused(
                    ProtocolError(status: 408, message: "The request body did not arrive in time."))
            }
        }
        let body = Data(buffer[0..<head.contentLength])
        buffer.removeFirst(head.contentLength)
        return .request(head, body)
    }

    /// Waits (up to the idle timeout) until a byte of the next request is buffered, skipping
    /// blank lines between requests. `false` when the connection closed or stayed idle.
    private mutating func waitForFirstByte() -> Bool {
        let deadline = ContinuousClock.now + limits.idleTimeout
        while true {
            let blankLines = buffer.prefix { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }.count
            buffer.removeFirst(blankLines)
            if !buffer.isEmpty { return true }
            guard case .data = socket.read(into: &buffer, deadline: deadline) else { return false }
        }
    }

    private mutating func readHead(deadline: ContinuousClock.Instant) -> HeadResult {
        let tooLarge = ProtocolError(
            status: 431,
            message: "The request line and headers are too large (at most \(limits.maxHeadBytes) bytes).")
        var scanned = 0
        while true {
            if let end = RequestHeadParser.findHeadEnd(in: buffer, from: scanned) {
                guard end.headLength <= limits.maxHeadBytes else { return .ended(.refused(tooLarge)) }
                do {
                    let head = try RequestHeadParser.parse(buffer[0..<end.headLength], limits: limits)
                    buffer.removeFirst(end.consumed)
                    return .head(head)
                } catch {
                    return .ended(.refused(error))
                }
            }
            guard buffer.count <= limits.maxHeadBytes + 2 else { return .ended(.refused(tooLarge)) }
            scanned = max(0, buffer.count - 2)
            switch socket.read(into: &buffer, deadline: deadline) {
            case .data: continue
            case .endOfStream, .failed: return .ended(.closed)
            case .timedOut:
                return .ended(
                    .refused(ProtocolError(status: 408, message: "The request did not arrive in time.")))
            }
        }
    }

    /// A parsed head, or how reading ended without one.
    private enum HeadResult {
        case head(RequestHead)
        case ended(Outcome)
    }
}
