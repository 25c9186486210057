import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real transport: sends requests with its own ephemeral `URLSession`.
///
/// - The URL comes from `RequestURL.make(for:baseURL:)`: `https` only, plain `http` only to a
///   loopback host (the emulator); anything else is refused with `.invalidRequest`.
/// - Each request may take at most its own `timeout`, or the transport's `timeout` (10 s by
///   default), measured on the injected clock; past it the task is cancelled and `.timedOut`
///   thrown.
/// - A response body larger than `maximumResponseSize` (8 MiB by default) is cut off and
///   reported as `.connectionLost`.
/// - No cookies, no credential storage; no URL cache unless one is given (Mobile Joe's iOS SDK
///   keeps responses in `URLCache.shared`, as its page says); redirects are not followed (the 3xx
///   response is returned).
/// - Header names and values holding a control character other than a tab (CR, LF and NUL
///   among them) are refused with `.invalidRequest`, as RFC 9110 and servers refuse them.
/// - Error messages name only error codes and limits, never URLs, so no personal data leaks.
public final class URLSessionTransport: Transport {
    /// The default time limit of one request: 10 seconds.
    public static let defaultTimeout: Duration = .seconds(10)
    /// The default largest response body: 8 MiB.
    public static let defaultMaximumResponseSize = 8 * 1024 * 1024

    /// The time limit of a request that sets none itself.
    public let timeout: Duration
    /// The largest response body accepted, in bytes.
    public let maximumResponseSize: Int
    private let clock: any SDKClock
    private let session: URLSession
    /// Whether responses are cached (a `responseCache` was given).
    private let caches: Bool
    private let collector = URLSessionResponseCollector()
    /// Where the session's delegate callbacks run: a serial queue of the transport's own.
    /// Foundation's default delegate queue runs on the threads of Swift's cooperative pool on
    /// Linux, so an answer to a request sent from an executor of its own (the SDKs' delivery)
    /// waited behind every task an app had queued there. Kept here: Foundation on Linux declares
    /// the operation queue's reference to it `unowned(unsafe)`.
    private let delegateQueue = DispatchQueue(label: "sdk.transport.delegate")

    /// A transport with its own ephemeral session.
    ///
    /// - Parameters:
    ///   - timeout: the time limit of a request whose `timeout` is `nil`.
    ///   - maximumResponseSize: the largest response body accepted, in bytes.
    ///   - clock: measures the time limits; the device clock by default.
    ///   - responseCache: where responses are cached as HTTP's caching headers allow; `nil`
    ///     (the default) caches nothing and always asks the server.
    public init(
        timeout: Duration = defaultTimeout, maximumResponseSize: Int = defaultMaximumResponseSize,
        clock: any SDKClock = SystemClock(), responseCache: URLCache? = nil
    ) {
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
        self.clock = clock
        caches = responseCache != nil
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        configuration.urlCache = responseCache
        configuration.requestCachePolicy =
            responseCache == nil ? .reloadIgnoringLocalCacheData : .useProtocolCachePolicy
        let operations = OperationQueue()
        operations.maxConcurrentOperationCount = 1
        operations.underlyingQueue = delegateQueue
        session = URLSession(configuration: configuration, delegate: collector, delegateQueue: operations)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` below `baseURL` and returns the response, whatever its status.
    public func send(_ request: HTTPRequest, to baseURL: URL) async throws(TransportError)
        -> HTTPResponse
    {
        let limit = request.timeout ?? timeout
        let urlRequest = try Self.makeURLRequest(for: request, baseURL: baseURL, timeout: limit, caches: caches)
        guard !Task.isCancelled else { throw .cancelled }
        let task = session.dataTask(with: urlRequest)
        let id = task.taskIdentifier
        let collector = collector
        let clock = clock
        let timer = Task {
            try await clock.sleep(for: limit)
            collector.abort(id, with: .timedOut)
            task.cancel()
        }
        defer { timer.cancel() }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                collector.register(id, limit: maximumResponseSize, continuation: continuation)
                if Task.isCancelled {
                    collector.abort(id, with: .cancelled)
                } else {
                    task.resume()
                }
            }
        } onCancel: {
            collector.abort(id, with: .cancelled)
            task.cancel()
        }
        return try outcome.get()
    }

    /// How long after a request's time limit Foundation's own idle timer ends it, in real time.
    ///
    /// The transport's timer ends a request at its limit, measured on the transport's clock
    /// alone. Foundation's timer is only a backstop for a clock that never fires, such as a test's
    /// manual clock that nobody advances. Set to the limit itself, it raced that clock in real
    /// time: on a busy machine (a test run under the thread sanitizer) a loopback answer was
    /// ten seconds late and the request timed out, though the test's clock had not moved.
    static let foundationTimerMargin: Duration = .seconds(60)

    /// The `URLRequest` for `request`: URL, method, header fields, body and idle timeout.
    ///
    /// The idle timeout is `timeout` (or zero, if it is negative) plus `foundationTimerMargin`,
    /// rounded up to whole seconds: Foundation on Linux reads only the whole seconds of
    /// `timeoutInterval`.
    static func makeURLRequest(
        for request: HTTPRequest, baseURL: URL, timeout: Duration, caches: Bool = false
    ) throws(TransportError) -> URLRequest {
        let url = try RequestURL.make(for: request, baseURL: baseURL)
        guard !request.method.isEmpty, request.method.allSatisfy({ $0.isLetter && $0.isASCII }) else {
            throw .invalidRequest("The request method must be ASCII letters.")
        }
        var urlRequest = URLRequest(
            url: url, cachePolicy: caches ? .useProtocolCachePolicy : .reloadIgnoringLocalCacheData)
        urlRequest.httpMethod = request.method
        urlRequest.timeoutInterval = (max(timeout, .zero) + foundationTimerMargin).timeInterval.rounded(.up)
        for field in request.headers {
            guard !field.name.isEmpty, isSafeHeaderText(field.name), isSafeHeaderText(field.value) else {
                throw .invalidRequest("A header field name or value is empty or holds a control character.")
            }
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        urlRequest.httpBody = request.body
        return urlRequest
    }

    /// The transport error for a `URLError` code.
    ///
    /// No connection (`cannotConnectToHost`, `notConnectedToInternet`, `cannotFindHost`,
    /// `dnsLookupFailed`, TLS failures) → `.unreachable`; `timedOut` → `.timedOut`; `cancelled`
    /// → `.cancelled`; `badURL`, `unsupportedURL` → `.invalidRequest`; anything else, such as
    /// `networkConnectionLost` or `badServerResponse`, → `.connectionLost`.
    public static func transportError(for code: URLError.Code) -> TransportError {
        switch code {
        case .cannotConnectToHost, .notConnectedToInternet, .cannotFindHost, .dnsLookupFailed,
            .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
            .clientCertificateRequired, .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            .unreachable("URLError \(code.rawValue)")
        case .timedOut:
            .timedOut
        case .cancelled:
            .cancelled
        case .badURL, .unsupportedURL:
            .invalidRequest("URLError \(code.rawValue)")
        default:
            .connectionLost("URLError \(code.rawValue)")
        }
    }

    /// Whether `text` holds no ASCII control character but the tab: CR, LF and NUL would split
    /// or end a header line, and RFC 9110 allows none of the others in a field.
    private static func isSafeHeaderText(_ text: String) -> Bool {
        !text.utf8.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
    }
}
