/// The bounds that keep one client from exhausting the emulator.
public struct ServerLimits: Sendable, Hashable {
    /// The most bytes a request line plus header fields may take (more: `431`).
    public var maxHeadBytes: Int
    /// The most header fields a request may carry (more: `431`).
    public var maxHeaderCount: Int
    /// The largest body accepted (larger `Content-Length`: `413`).
    public var maxBodyBytes: Int
    /// The most connections open at once. A new connection past it closes the one that has sat
    /// idle longest (open, with no request under way); only when every one is busy is it
    /// answered `503` and closed.
    public var maxConnections: Int
    /// How long an open connection may sit idle between requests before it is closed.
    public var idleTimeout: Duration
    /// How many requests the request log keeps (the oldest are forgotten first).
    public var maxLoggedRequests: Int
    /// How many bytes the request log may hold, bodies and heads together (the oldest entries
    /// are forgotten first).
    public var maxLoggedBytes: Int
    /// The largest body the request log keeps whole; a longer one is kept as its length and
    /// SHA-256 digest (``RecordedRequest/omittedBody``).
    public var maxLoggedBodyBytes: Int
    /// How long a client may take to send one whole request, from its first byte (more: `408`).
    ///
    /// The default is a minute, as nginx allows for a request's head and again for its body: at
    /// 10 seconds, a client on a busy machine (URLSession under the thread sanitizer with the
    /// other core loaded) sent the body after the limit, got `408` and lost the connection.
    public var requestTimeout: Duration
    /// How long one write may block on a client that does not read.
    public var writeTimeout: Duration

    /// Limits with every value spelled out; the defaults suit tests and local development.
    public init(
        maxHeadBytes: Int = 16 * 1024, maxHeaderCount: Int = 100, maxBodyBytes: Int = 1024 * 1024,
        maxConnections: Int = 256, maxLoggedRequests: Int = 10_000, maxLoggedBytes: Int = 32 * 1024 * 1024,
        maxLoggedBodyBytes: Int = 64 * 1024, idleTimeout: Duration = .seconds(30),
        requestTimeout: Duration = .seconds(60), writeTimeout: Duration = .seconds(10)
    ) {
        self.maxHeadBytes = maxHeadBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
        self.maxConnections = maxConnections
        self.maxLoggedRequests = maxLoggedRequests
        self.maxLoggedBytes = maxLoggedBytes
        self.maxLoggedBodyBytes = maxLoggedBodyBytes
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
        self.writeTimeout = writeTimeout
    }

    /// The default limits: 16 KiB head, 100 fields, 1 MiB body, 256 connections, a log of 10,000
    /// requests and 32 MiB with bodies up to 64 KiB kept whole, 30 s idle, 60 s per request, 10 s
    /// per write.
    public static let standard = ServerLimits()
}
