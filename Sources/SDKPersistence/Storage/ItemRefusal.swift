/// Why the server refused a queued item for good: kept after the item is removed, so that a
/// process sharing the storage whose call waits for that item learns it was refused rather than
/// taking it as delivered (see `DeliveryQueue.refusals(among:)`).
public struct ItemRefusal: Sendable, Hashable {
    /// The error code the server answered.
    public var code: String
    /// The error message the server answered.
    public var message: String

    /// A refusal with this code and message.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}
