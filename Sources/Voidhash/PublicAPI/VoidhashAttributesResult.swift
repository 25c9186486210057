/// What `setPersonAttributesState(_:)` returns.
public struct VoidhashAttributesResult: Sendable, Hashable {
    /// What became of the attributes.
    public enum Status: String, Sendable, Hashable {
        /// Voidhash saved them.
        case confirmed
        /// Saved on the device; sent once Voidhash is reachable.
        case deferred
        /// Not saved: the user has not granted analytics consent.
        case skipped
    }

    /// What became of the attributes.
    public var status: Status
    /// The person afterwards: Voidhash's answer when confirmed, else the cached snapshot.
    public var person: VoidhashPerson?

    /// A result with every part spelled out.
    public init(status: Status, person: VoidhashPerson?) {
        self.status = status
        self.person = person
    }
}
