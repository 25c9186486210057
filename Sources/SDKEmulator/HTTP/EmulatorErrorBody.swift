/// The error body both APIs use: `{"error": {"code": ..., "message": ...}}`.
public struct EmulatorErrorBody: Codable, Sendable, Hashable {
    /// The inner object.
    public struct Detail: Codable, Sendable, Hashable {
        /// The machine-readable code, such as `INVALID_ARGUMENT`.
        public var code: String
        /// A short explanation for developers.
        public var message: String
    }

    /// The error itself.
    public var error: Detail

    /// An error body with the given code and message.
    public init(code: String, message: String) {
        error = Detail(code: code, message: message)
    }
}
