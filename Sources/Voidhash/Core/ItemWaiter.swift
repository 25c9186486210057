/// A call waiting for what becomes of one queued write.
struct ItemWaiter: Sendable {
    /// Where the outcome goes.
    let wait = OutcomeWait<ItemOutcome>()
    /// The drain asked to try the item (see `Outbox.attempt(through:)`), once known:
    /// a stall of that drain or a later one ends the wait as failed for now; a stall of an
    /// earlier drain, which did not try the item, does not.
    var attemptDrain: UInt64?
}
