import VoidhashAPI

extension VoidhashStore {
    /// Stores each event of `batch` once by its `id`, in arrival order. A repeated ID counts as
    /// accepted without being stored again; an event breaking a member rule of the spec (its
    /// name, `EventNameRule`) is rejected with `INVALID_ARGUMENT` and not stored. Under an
    /// `eventsStoredPerRequest` limit, the new events past it are neither stored nor counted,
    /// as a Voidhash shedding load answers (see ``EventBatchResult/accepted``).
    mutating func capture(_ batch: EventBatch) -> EventBatchResult {
        var accepted = 0
        var stored = 0
        var rejected: [EventRejection] = []
        for event in batch.events {
            guard event.violations().isEmpty else {
                rejected.append(EventRejection(id: event.id, code: "INVALID_ARGUMENT"))
                continue
            }
            if !eventIds.contains(event.id) {
                if let limit = eventsStoredPerRequest, stored >= limit { continue }
                eventIds.insert(event.id)
                events.append(event)
                stored += 1
            }
            accepted += 1
        }
        return EventBatchResult(accepted: accepted, rejected: rejected)
    }
}
