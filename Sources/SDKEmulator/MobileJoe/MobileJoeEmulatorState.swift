import Foundation
import MobileJoeAPI
import Synchronization

/// The in-memory server state behind the Mobile Joe routes, with a typed admin API for tests.
///
/// FAQs, plans and alerts are what it is seeded with; identities are what identify requests
/// announced; votes belong to the identity of the request (the external ID when sent, else the
/// anonymous ID; see `votes(of:)`).
public final class MobileJoeEmulatorState: Sendable {
    private struct Content: Sendable {
        var faqs: [FAQ]
        var plans: [MobileJoeEmulatorPlan]
        var alerts: [MobileJoeAlert]
    }

    private struct Store: Sendable {
        var content: Content
        var identities: [MobileJoeRecordedIdentity] = []
        var votes = MobileJoeVoteBook()
        var identifyReplies: [String: IdentifyResult] = [:]
    }

    private let initial: Content
    private let store: Mutex<Store>

    /// A state holding the given content and nothing recorded.
    public init(faqs: [FAQ] = [], plans: [MobileJoeEmulatorPlan] = [], alerts: [MobileJoeAlert] = []) {
        initial = Content(faqs: faqs, plans: plans, alerts: alerts)
        store = Mutex(Store(content: initial))
    }

    // MARK: Admin API

    /// Replaces the FAQs.
    public func seedFAQs(_ faqs: [FAQ]) {
        store.withLock { $0.content.faqs = faqs }
    }

    /// Replaces the feature plans (votes already cast are kept).
    public func seedPlans(_ plans: [MobileJoeEmulatorPlan]) {
        store.withLock { $0.content.plans = plans }
    }

    /// Replaces the alerts.
    public func seedAlerts(_ alerts: [MobileJoeAlert]) {
        store.withLock { $0.content.alerts = alerts }
    }

    /// Every identity identify requests announced, oldest first (a repeated idempotency key is
    /// recorded once).
    public var identities: [MobileJoeRecordedIdentity] {
        store.withLock { $0.identities }
    }

    /// The plan IDs `voter` voted for: an external ID, or an anonymous ID that has not been
    /// seen with an external ID yet (its votes move to the account when it is).
    public func votes(of voter: String) -> Set<String> {
        store.withLock { $0.votes.votes[voter] ?? [] }
    }

    /// The vote count of plan `planID` as the API reports it, or `nil` for an unknown plan.
    public func voteCount(planID: String) -> Int? {
        store.withLock { store in
            store.content.plans.first { $0.id == planID }.map { $0.otherVotes + store.votes.count(for: $0.id) }
        }
    }

    /// Every plan with the voters the emulator recorded for it (external or anonymous IDs,
    /// sorted), in the plans' order.
    public var ballots: [(plan: MobileJoeEmulatorPlan, voters: [String])] {
        store.withLock { store in
            store.content.plans.map { plan in
                (plan, store.votes.votes.filter { $0.value.contains(plan.id) }.keys.sorted())
            }
        }
    }

    /// Forgets identities and votes and restores the content the state was created with.
    public func reset() {
        store.withLock { $0 = Store(content: initial) }
    }

    // MARK: Route operations

    /// Moves the votes of `caller`'s anonymous ID to its account when it has one.
    func link(_ caller: MobileJoeCaller) {
        store.withLock { $0.votes.link(caller) }
    }

    /// Records `caller`'s identity once per idempotency key and returns what was recorded.
    func identify(_ caller: MobileJoeCaller, idempotencyKey: String, at date: Date) -> IdentifyResult {
        store.withLock { store in
            if let earlier = store.identifyReplies[idempotencyKey] { return earlier }
            store.identities.append(
                MobileJoeRecordedIdentity(
                    anonymousId: caller.anonymousId, deviceId: caller.deviceId, externalId: caller.externalId,
                    identifiedAt: date))
            let result = IdentifyResult(
                anonymousId: caller.anonymousId, externalId: caller.externalId, identifiedAt: date)
            store.identifyReplies[idempotencyKey] = result
            return result
        }
    }

    /// The FAQs whose question or answer contains `term` (ignoring case), question matches first.
    func searchFAQs(_ term: String) -> [FAQ] {
        let faqs = store.withLock { $0.content.faqs }
        let inQuestion = faqs.filter { $0.question.localizedCaseInsensitiveContains(term) }
        let inAnswer = faqs.filter {
            !$0.question.localizedCaseInsensitiveContains(term) && $0.answer.localizedCaseInsensitiveContains(term)
        }
        return inQuestion + inAnswer
    }

    /// The plans as `caller` sees them.
    func plans(for caller: MobileJoeCaller) -> [FeaturePlan] {
        store.withLock { store in store.content.plans.map { Self.view($0, store: store, voter: caller.voter) } }
    }

    /// Casts (or with `cast: false` takes back) `caller`'s vote for `planId`.
    func setVote(_ cast: Bool, caller: MobileJoeCaller, planId: String) -> Result<FeaturePlan, MobileJoeRefusal> {
        store.withLock { store in
            guard let plan = store.content.plans.first(where: { $0.id == planId }) else {
                return .failure(.planNotFound)
            }
            if cast {
                store.votes.cast(caller.voter, for: planId)
            } else {
                store.votes.remove(caller.voter, for: planId)
            }
            return .success(Self.view(plan, store: store, voter: caller.voter))
        }
    }

    /// The current alerts.
    var alerts: [MobileJoeAlert] {
        store.withLock { $0.content.alerts }
    }

    private static func view(_ plan: MobileJoeEmulatorPlan, store: Store, voter: String) -> FeaturePlan {
        FeaturePlan(
            id: plan.id, title: plan.title, status: plan.status,
            voteCount: plan.otherVotes + store.votes.count(for: plan.id),
            hasVoted: store.votes.hasVoted(voter, for: plan.id))
    }
}
