import SDKPersistence
import SDKRuntime
import VoidhashAPI

/// What became of one delivery attempt of a queued write, as the delivery handler tells the
/// SDK's core.
struct ItemReport: Sendable {
    /// What became of it.
    enum Result: Sendable {
        /// Voidhash applied it; `person` is its answer (for links, purchases and attributes),
        /// `outcome` the identify outcome.
        case delivered(person: Person?, outcome: IdentifyOutcome?)
        /// Voidhash refused it for good; it was removed from the queue.
        case rejected(code: String, message: String)
        /// It could not be delivered now; it stays queued and is sent again later.
        case failedForNow(APIError)
    }

    /// The queue item's ID (its idempotency key).
    var id: QueueItemID
    /// The write.
    var write: QueuedWrite
    /// The request's number (see `RequestSequencer`).
    var sequence: UInt64
    /// What became of it.
    var result: Result
}
