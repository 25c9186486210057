/// What `identifyState(externalUserId:email:name:)` returns.
public struct VoidhashIdentifyResult: Sendable, Hashable {
    /// Whether Voidhash has confirmed the sign-in.
    public enum Status: String, Sendable, Hashable {
        /// Voidhash applied the link (or no link was needed).
        case confirmed
        /// Signed in on this device; Voidhash applies the link once it is reachable.
        case deferred
    }

    /// Whether Voidhash has confirmed the sign-in.
    public var status: Status
    /// The distinct ID the device uses now (the external user ID).
    public var distinctId: String

    /// A result with every part spelled out.
    public init(status: Status, distinctId: String) {
        self.status = status
        self.distinctId = distinctId
    }
}
