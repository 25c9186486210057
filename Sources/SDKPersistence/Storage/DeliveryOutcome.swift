/// What happened to a batch handed to a `DeliveryPump`'s `send` closure.
public enum DeliveryOutcome: Sendable, Hashable {
    /// Every item was accepted: they are removed.
    case delivered
    /// Nothing is known to have been accepted (a 5xx, a timeout, no connection): the items stay,
    /// the attempt counter of the first one still queued (the one that failed) goes up, and the
    /// pump backs off, at least `retryAfter` when given.
    case retryLater(retryAfter: Duration?)
    /// The server asked to slow down (429): the whole queue is paused, and the pause survives a
    /// restart. For `retryAfter` when given (at most the back-off's `maximumDelay`); otherwise
    /// for the back-off's delay, the attempt counter of the first item still queued going up as
    /// for `retryLater`, so a server that keeps refusing is asked less and less often.
    case rateLimited(retryAfter: Duration?)
    /// The request was too large (413): the batch is split in halves and sent again; an item too
    /// large on its own is quarantined.
    case tooLarge
    /// The items with these IDs were refused for good, with this error code; every other item of
    /// the batch was accepted. All are removed; the refused ones are reported through `onDrop`.
    case rejected(ids: [QueueItemID], code: String)
    /// The items with these IDs could not be turned into a request (their stored payload is
    /// unreadable) and were not sent: they are quarantined. The rest of the batch stays queued and
    /// is sent next, without them.
    case undecodable(ids: [QueueItemID])
}
