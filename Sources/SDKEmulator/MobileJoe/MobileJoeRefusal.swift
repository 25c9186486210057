import SDKRuntime

/// An error answer of the Mobile Joe routes.
struct MobileJoeRefusal: Error, Sendable, Hashable {
    var status: Int
    var code: String
    var message: String

    /// `400 INVALID_ARGUMENT` with `message`.
    static func invalidArgument(_ message: String) -> MobileJoeRefusal {
        MobileJoeRefusal(status: 400, code: "INVALID_ARGUMENT", message: message)
    }

    /// `404 NOT_FOUND` for an unknown plan.
    static let planNotFound = MobileJoeRefusal(status: 404, code: "NOT_FOUND", message: "No such feature plan.")

    /// The response.
    var response: EmulatorResponse {
        .error(status: status, code: code, message: message)
    }
}
