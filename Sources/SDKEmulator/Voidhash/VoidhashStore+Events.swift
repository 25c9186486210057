import VoidhashAPI

extension VoidhashStore {
    /// Stores each event of `batch` once by its `id`, in arrival order. A repeated ID counts as
    /// accepted without being stored again; an event breaking a member rule of the spec (its
    /// name, `EventNameRule`) is rejected with `INVALID_ARGUMENT` and not stored.
    mutating func capture(_ batch: EventBatch) -> EventBatchResult {
        var accepted = 0
        var rejected: [EventRejection] = []
        for event in batch.events {
            guard event.violations().isEmpty else {
                rejected.append(EventRejection(id: event.id, code: "INVALID_ARGUMENT"))
                continue
            }
            accepted += 1
            if eventIds.insert(event.id).inserted { events.append(event) }
        }
        return EventBatchResult(accepted: accepted, rejected: rejected)
    }
}
