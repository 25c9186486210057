/// A refusal of the emulated Voidhash API: an HTTP status and one of the spec's error codes.
public struct VoidhashEmulatorError: Error, Sendable, Hashable {
    /// The HTTP status, such as 400.
    public var status: Int
    /// The spec's error code, such as `INVALID_ARGUMENT`.
    public var code: String
    /// An explanation for developers, free of personal data.
    public var message: String

    /// An error with every part spelled out.
    public init(status: Int, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// `400 INVALID_ARGUMENT`: an input broke a rule of the contract.
    public static func invalidArgument(_ message: String) -> Self {
        Self(status: 400, code: "INVALID_ARGUMENT", message: message)
    }

    /// `401 AUTHENTICATION_FAILED`: the publishable key was refused.
    public static func authenticationFailed(_ message: String) -> Self {
        Self(status: 401, code: "AUTHENTICATION_FAILED", message: message)
    }

    /// `404 PERSON_NOT_FOUND`: no person for the distinct ID.
    public static func personNotFound(_ message: String) -> Self {
        Self(status: 404, code: "PERSON_NOT_FOUND", message: message)
    }

    /// `409 PERSON_WRITE_REJECTED`: a change to a person refused for good.
    public static func personWriteRejected(_ message: String) -> Self {
        Self(status: 409, code: "PERSON_WRITE_REJECTED", message: message)
    }

    /// `413 PAYLOAD_TOO_LARGE`: the request carries more than the server takes at once.
    public static func payloadTooLarge(_ message: String) -> Self {
        Self(status: 413, code: "PAYLOAD_TOO_LARGE", message: message)
    }

    /// The error as a response in the APIs' error shape.
    var response: EmulatorResponse {
        .error(status: status, code: code, message: message)
    }
}
