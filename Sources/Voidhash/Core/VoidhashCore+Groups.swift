import Foundation
import SDKPersistence
import SDKRuntime
import VoidhashAPI

extension VoidhashCore {
    /// The user's groups, the key of each type, for a read asked for at `ticket`
    /// (`SharedStorageChecks.ticket()`).
    func currentGroups(askedAt ticket: UInt64) -> [String: String] {
        followSharedStorage(askedAt: ticket)
        return identity.groups.current
    }

    /// Puts the user in `key` of `type` (see `Voidhash.group(type:key:properties:)`).
    func group(type: String, key: String, properties: [String: JSONValue]) {
        guard admitsGroup(type: type, key: key) else { return }
        let properties = checkedGroupProperties(properties)
        onStoredIdentity { () throws(IdentityChangedElsewhere) in
            let moved = !identity.groups.isCurrent(key, of: type)
            guard moved || !properties.isEmpty else { return }
            if moved {
                var groups = identity.groups.current
                groups[type] = key
                identity.groups.replace(with: groups)
            }
            try storeGroups(
                identifying: [GroupIdentifyProperties(groupType: type, groupKey: key, groupSet: properties)])
        }
    }

    /// Replaces the user's groups (see `Voidhash.setGroups(_:)`).
    func setGroups(_ groups: [String: VoidhashGroup]) {
        guard !groups.isEmpty else {
            resetGroups()
            return
        }
        // In type order, so which type a full project refuses does not depend on hashing.
        let admitted = groups.sorted(by: { $0.key < $1.key }).compactMap { type, group in
            admitsGroup(type: type, key: group.id)
                ? GroupIdentifyProperties(
                    groupType: type, groupKey: group.id, groupSet: checkedGroupProperties(group.properties))
                : nil
        }
        onStoredIdentity { () throws(IdentityChangedElsewhere) in
            let sentOrSending = groupIdentifiesInFlight.reduce(into: identity.groups) { membership, entry in
                membership.recordSent(
                    type: entry.identify.groupType, key: entry.identify.groupKey,
                    properties: entry.identify.groupSet)
            }
            let next = Dictionary(uniqueKeysWithValues: admitted.map { ($0.groupType, $0.groupKey) })
            let identifies = admitted.filter {
                sentOrSending.needsIdentify(type: $0.groupType, key: $0.groupKey, properties: $0.groupSet)
            }
            guard next != identity.groups.current || !identifies.isEmpty else { return }
            identity.groups.replace(with: next)
            try storeGroups(identifying: identifies)
        }
    }

    /// Takes the user out of every group; sends nothing.
    func resetGroups() {
        onStoredIdentity { () throws(IdentityChangedElsewhere) in
            guard identity.groups != .none else { return }
            identity.groups = .none
            try storeIdentity(identity)
        }
    }

    /// Whether `type` and `key` follow the rules and the project may use `type` (it already
    /// did, or uses fewer than `VoidhashConstants.maxGroupTypes` types, in which case `type` is
    /// remembered); reports the reason otherwise.
    private func admitsGroup(type: String, key: String) -> Bool {
        if let violation = GroupTypeRule.validate(type) {
            reporter.warn(.invalidGroupType, "A group type \(violation.message); the group was ignored.")
            return false
        }
        if let violation = GroupKeyRule.validate(key) {
            reporter.warn(
                .invalidGroupKey, "The key of a group of type '\(type)' \(violation.message); it was ignored.")
            return false
        }
        guard !groupTypes.contains(type) else { return true }
        // Another process on the same storage (an app and its extension) may have used types
        // since this one read them: the limit counts the stored ones too, read and written in
        // one transaction.
        let known = groupTypes
        let outcome: (admitted: Bool, types: [String])
        do throws(StorageError) {
            outcome = try storage.keyValues.update { (reader) throws(StorageError) in
                var types = (try? reader.value([String].self, forKey: StoreKeys.groupTypes)) ?? []
                types += known.filter { !types.contains($0) }
                guard !types.contains(type) else { return ((true, types), KeyValueBatch()) }
                guard types.count < VoidhashConstants.maxGroupTypes else { return ((false, types), KeyValueBatch()) }
                types.append(type)
                var batch = KeyValueBatch()
                try batch.set(types, forKey: StoreKeys.groupTypes)
                return ((true, types), batch)
            }
        } catch {
            reporter.diagnose(.storageWriteFailed, "Could not store the group types (\(error)).")
            outcome = (groupTypes.count < VoidhashConstants.maxGroupTypes, groupTypes + [type])
        }
        groupTypes = outcome.admitted ? outcome.types : known
        guard outcome.admitted else {
            reporter.warn(
                .groupTypeLimit,
                "The project already uses \(VoidhashConstants.maxGroupTypes) group types; '\(type)' was ignored.")
            return false
        }
        return true
    }

    /// The properties that are strings, numbers or booleans under a valid name; the others are
    /// left out with a warning.
    private func checkedGroupProperties(_ properties: [String: JSONValue]) -> [String: JSONValue] {
        properties.filter { name, value in
            if let violation = EventPropertyKeyRule.validate(name) {
                reporter.warn(
                    .invalidGroupProperty, "A group property name \(violation.message); it was left out.")
                return false
            }
            if let violation = GroupPropertyValueRule.validate(value) {
                reporter.warn(
                    .invalidGroupProperty, "Group property '\(name)' \(violation.message); it was left out.")
                return false
            }
            return true
        }
    }

    /// Stores the user's groups (in `identity`) and sends the `$groupidentify` of each of
    /// `identifies`: with analytics consent as queued events like any other, queued in the
    /// transaction that stores the groups with those events recorded as sent, so that a kill
    /// never leaves one without the other; without consent, each at once and alone (see
    /// `sendGroupIdentifyAlone`), once the groups are stored.
    ///
    /// Throws, storing and sending nothing, when another process changed the stored identity
    /// since this instance last read it.
    private func storeGroups(identifying identifies: [GroupIdentifyProperties]) throws(IdentityChangedElsewhere) {
        var events: [QueuedWrite] = []
        var alone: [(identify: GroupIdentifyProperties, fields: [String: JSONValue])] = []
        var next = identity
        for identify in identifies {
            guard let fields = identify.eventProperties else {
                reporter.diagnose(.storageWriteFailed, "Could not encode a $groupidentify; it was not sent.")
                continue
            }
            guard consent.allowsAnalytics else {
                alone.append((identify, fields))
                continue
            }
            events.append(eventWrite(VoidhashConstants.groupIdentifyEvent, properties: fields))
            next.groups.recordSent(type: identify.groupType, key: identify.groupKey, properties: identify.groupSet)
        }
        if events.isEmpty {
            try storeIdentity(identity)
        } else if try enqueue(events, storingIdentity: next) != nil {
            identity = next
            noteEventQueued(events.count)
            for identify in identifies { supersedeInFlight(by: identify) }
        } else {
            try storeIdentity(identity)  // the groups without the events, which were not queued (reported)
        }
        for entry in alone { sendGroupIdentifyAlone(entry.identify, fields: entry.fields) }
    }

    /// Sends a `$groupidentify` made without analytics consent: at once, in a request of its
    /// own (never queued, never retried), carrying only the group's type, key and properties
    /// under the group's own distinct ID `$<type>_<key>`, so nothing ties it to the user, with
    /// no session and no `$groups`. Such requests go one at a time, in call order.
    ///
    /// While it is under way `setGroups` counts it as sent; it is recorded as sent (stored)
    /// only once Voidhash stored it, so one that failed is sent again by the next `setGroups`
    /// naming that group.
    private func sendGroupIdentifyAlone(_ identify: GroupIdentifyProperties, fields: [String: JSONValue]) {
        let now = clock.now()
        let event = Event(
            id: UUIDv7.make(now: now).lowercasedText, event: VoidhashConstants.groupIdentifyEvent,
            distinctId: "$\(identify.groupType)_\(identify.groupKey)", timestamp: now, sessionId: nil,
            properties: fields)
        groupIdentifiesInFlight.append((event.id, identify))
        let client = client
        let reporter = reporter
        let lineage = identity.anonymousId
        directEvents.add { [weak self] in
            var delivered = false
            do {
                let result = try await client.captureEvents(
                    body: EventBatch(events: [event]), idempotencyKey: event.id)
                delivered = result.rejected.isEmpty
                if !delivered {
                    reporter.diagnose(.eventRejected, "Voidhash refused a $groupidentify; it was dropped.")
                }
            } catch {
                reporter.diagnose(
                    .groupIdentifyNotSent,
                    "A $groupidentify sent without analytics consent failed; the next setGroups sends it again.")
            }
            await self?.groupIdentifyFinished(event.id, delivered: delivered, lineage: lineage)
        }
    }

    /// A `$groupidentify` recorded as sent now (queued with consent) is later than any still
    /// under way without consent for the same group: the late answer of one of those records
    /// only the properties this one does not set, so it never brings back older values (which
    /// would keep `setGroups` from sending the group's properties again).
    private func supersedeInFlight(by later: GroupIdentifyProperties) {
        for index in groupIdentifiesInFlight.indices {
            var earlier = groupIdentifiesInFlight[index].identify
            guard earlier.groupType == later.groupType, TextChecks.isIdentical(earlier.groupKey, later.groupKey)
            else { continue }
            earlier.groupSet = earlier.groupSet.filter { later.groupSet[$0.key] == nil }
            groupIdentifiesInFlight[index].identify = earlier
        }
    }

    /// Ends the sending of the `$groupidentify` `id` made without consent. When Voidhash stored
    /// it, it is recorded as sent, while the user is still in that group under the identity
    /// (`lineage`: its anonymous ID, which `identify` keeps and sign-out replaces) that sent it.
    private func groupIdentifyFinished(_ id: String, delivered: Bool, lineage: String) {
        guard let index = groupIdentifiesInFlight.firstIndex(where: { $0.id == id }) else { return }
        let identify = groupIdentifiesInFlight.remove(at: index).identify
        guard delivered else { return }
        onStoredIdentity { () throws(IdentityChangedElsewhere) in
            guard identity.anonymousId == lineage else { return }
            let before = identity.groups
            identity.groups.recordSent(
                type: identify.groupType, key: identify.groupKey, properties: identify.groupSet)
            if identity.groups != before { try storeIdentity(identity) }
        }
    }
}

extension GroupIdentifyProperties {
    /// The event properties of a `$groupidentify`: `$group_type`, `$group_key`, `$group_set`.
    var eventProperties: [String: JSONValue]? {
        guard let data = try? JSONCoding.encoder.encode(self) else { return nil }
        return try? JSONCoding.decoder.decode([String: JSONValue].self, from: data)
    }
}
