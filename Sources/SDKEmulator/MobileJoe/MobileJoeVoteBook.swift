/// Who voted for which plan, as the Mobile Joe emulator models it.
///
/// Votes are keyed by the external ID when a request has one, else by the anonymous ID. When an
/// anonymous ID is first seen together with an external ID (the first identification keeps the
/// anonymous ID), the votes cast under the anonymous ID move to the account, so they carry over;
/// devices identified with the same account share its votes.
struct MobileJoeVoteBook: Sendable, Hashable {
    /// Plan IDs by voter (external or anonymous ID).
    private(set) var votes: [String: Set<String>] = [:]

    /// Moves the votes of `caller`'s anonymous ID to its account, when it has one.
    mutating func link(_ caller: MobileJoeCaller) {
        guard let externalId = caller.externalId,
            let anonymous = votes.removeValue(forKey: caller.anonymousId)
        else { return }
        votes[externalId, default: []].formUnion(anonymous)
    }

    /// Records `voter`'s vote for `planId`; a second vote changes nothing.
    mutating func cast(_ voter: String, for planId: String) {
        votes[voter, default: []].insert(planId)
    }

    /// Takes back `voter`'s vote for `planId`, if any.
    mutating func remove(_ voter: String, for planId: String) {
        votes[voter]?.remove(planId)
        if votes[voter]?.isEmpty == true { votes[voter] = nil }
    }

    /// How many voters voted for `planId`.
    func count(for planId: String) -> Int {
        votes.values.count { $0.contains(planId) }
    }

    /// Whether `voter` voted for `planId`.
    func hasVoted(_ voter: String, for planId: String) -> Bool {
        votes[voter]?.contains(planId) ?? false
    }
}
