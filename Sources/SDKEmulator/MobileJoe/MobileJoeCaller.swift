import MobileJoeAPI
import SDKRuntime

/// Who a request comes from, after the emulator checked its identity headers.
struct MobileJoeCaller: Sendable, Hashable {
    /// The `Identity-Anonymous-ID` header.
    var anonymousId: String
    /// The `Identity-Device-ID` header.
    var deviceId: String
    /// The `Identity-External-ID` header, when sent.
    var externalId: String?

    /// Who owns this caller's votes: the account when there is one, else the anonymous user.
    var voter: String { externalId ?? anonymousId }

    /// The caller of `request`, or the error response its headers deserve: `401
    /// AUTHENTICATION_FAILED` without an `Authorization`, `400 INVALID_ARGUMENT` when the
    /// anonymous or device ID is missing or malformed, or an external ID is sent but malformed.
    static func check(_ request: EmulatorRequest) -> Result<MobileJoeCaller, MobileJoeRefusal> {
        guard let key = request.header("Authorization"), !key.isEmpty else {
            return .failure(
                MobileJoeRefusal(
                    status: 401, code: "AUTHENTICATION_FAILED", message: "The Authorization header is missing."))
        }
        guard let anonymousId = request.header("Identity-Anonymous-ID"), AnonymousId.isValid(anonymousId) else {
            return .failure(.invalidArgument("Identity-Anonymous-ID is missing or not an anonymous ID."))
        }
        guard let deviceId = request.header("Identity-Device-ID"), DeviceId.isValid(deviceId) else {
            return .failure(.invalidArgument("Identity-Device-ID is missing or not a device ID."))
        }
        let externalId = request.header("Identity-External-ID")
        if let externalId, !ExternalId.isValid(externalId) {
            return .failure(.invalidArgument("Identity-External-ID is not an external ID."))
        }
        return .success(MobileJoeCaller(anonymousId: anonymousId, deviceId: deviceId, externalId: externalId))
    }
}
