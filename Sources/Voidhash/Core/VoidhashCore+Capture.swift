import Foundation
import SDKPersistence
import SDKRuntime
import VoidhashAPI

extension VoidhashCore {
    /// Queues an analytics event (see `Voidhash.capture(_:properties:)`).
    ///
    /// The SDK's busiest call, so it follows the shared storage without a query of its own: the
    /// event is made from the state this instance holds and stored only while no other process
    /// has committed since this instance last looked, a check that runs inside the event's own
    /// transaction. When another process has, the event is dropped unstored, what that process
    /// stored is read (`followSharedStorage()`), and the event is made again from it.
    func capture(_ name: String, properties: [String: JSONValue]) {
        if let violation = EventNameRule.validate(name) {
            reporter.warn(.invalidEventName, "An event name \(violation.message); the event was dropped.")
            return
        }
        if seenOtherWritersVersion == nil || !consent.allowsAnalytics { followSharedStorage() }
        guard consent.allowsAnalytics else { return }
        let checked = properties.filter { name, value in
            if let violation = EventPropertyKeyRule.validate(name) {
                reporter.warn(
                    .invalidEventProperty, "An event property name \(violation.message); it was left out.")
                return false
            }
            // Checked first: the rule's own walk, like every JSON reader, goes down level by level.
            if value.nestsDeeper(than: VoidhashConstants.maxEventPropertyDepth) {
                reporter.warn(
                    .invalidEventProperty,
                    "Event property '\(name)' nests more than \(VoidhashConstants.maxEventPropertyDepth) levels deep; it was left out."
                )
                return false
            }
            if let violation = EventPropertyValueRule.validate(value) {
                reporter.warn(
                    .invalidEventProperty, "Event property '\(name)' \(violation.message); it was left out.")
                return false
            }
            return true
        }.mapValues(EventPropertyValueRule.normalized)
        if let seen = seenOtherWritersVersion {
            if let stored = enqueue(eventWrite(name, properties: checked), ifNoOtherWritersSince: seen) {
                if stored != nil { noteEventQueued() }
                return
            }
            followSharedStorage()
            guard consent.allowsAnalytics else { return }
        }
        guard enqueue(eventWrite(name, properties: checked)) != nil else { return }
        noteEventQueued()
    }

    /// An analytics event for the current identity and session, stamped now with the user's
    /// groups (`$groups`; the event's own `$groups` wins for its types), ready to queue.
    func eventWrite(_ name: String, properties: [String: JSONValue] = [:]) -> QueuedWrite {
        var properties = properties
        properties[VoidhashConstants.groupsProperty] = stampedGroups(
            own: properties[VoidhashConstants.groupsProperty])
        let now = clock.now()
        let event = Event(
            id: UUIDv7.make(now: now).lowercasedText, event: name,
            distinctId: identity.distinctId, timestamp: now, sessionId: identity.sessionId,
            properties: properties)
        return .event(event, epoch: identity.epoch)
    }

    /// The `$groups` of an event: the user's groups, with the groups the event names itself
    /// (`own`) winning for their types; `nil` when there are none. An entry of `own` that is
    /// not a valid type with a string key is left out with a warning.
    private func stampedGroups(own: JSONValue?) -> JSONValue? {
        var groups = identity.groups.current
        switch own {
        case nil:
            break
        case .object(let entries)?:
            for (type, value) in entries {
                guard case .string(let key) = value, GroupTypeRule.validate(type) == nil,
                    GroupKeyRule.validate(key) == nil
                else {
                    reporter.warn(
                        .invalidEventProperty, "An entry of an event's $groups is not a valid group; it was left out.")
                    continue
                }
                groups[type] = key
            }
        case _?:
            reporter.warn(
                .invalidEventProperty, "An event's $groups must be an object of group keys by type; it was left out.")
        }
        return groups.isEmpty ? nil : .object(groups.mapValues(JSONValue.string))
    }

    /// Hands `count` queued events to the outbox's batching: a delivery starts once
    /// `VoidhashConstants.eventBatchSize` wait, or within `VoidhashConstants.eventDeliveryDelay`
    /// (`Outbox.Batching`). Counted in memory: a capture does not ask storage how many wait.
    func noteEventQueued(_ count: Int = 1) {
        outbox.noteQueued(count)
    }
}
