import Foundation
import MobileJoeAPI
import SDKRuntime

/// The Mobile Joe operations, over the generated `MobileJoeClient`. Each request carries the
/// headers of the identity in use when it is made; votes belong to that identity.
extension JoeInstance {
    /// The FAQs matching `term`, best first; the same for every identity.
    ///
    /// - Throws: `.request` with `INVALID_ARGUMENT` for a blank or too long term (checked before
    ///   sending), or when the request fails; `.notConfigured` before `configure`.
    public func searchFAQs(term: String) async throws(MobileJoeError) -> [FAQ] {
        try await send { (client) throws(APIError) in try await client.searchFAQs(term: term).faqs }
    }

    /// The feature plans, each saying whether this identity voted for it.
    public func featurePlans() async throws(MobileJoeError) -> [FeaturePlan] {
        try await send { (client) throws(APIError) in try await client.listFeaturePlans().plans }
    }

    /// Votes for the plan `planID` as this identity; voting twice counts once.
    ///
    /// - Returns: the plan as it stands after the vote.
    /// - Throws: `.request` with `NOT_FOUND` for an unknown plan, `INVALID_ARGUMENT` for a
    ///   malformed ID (checked before sending).
    public func vote(planID: String) async throws(MobileJoeError) -> FeaturePlan {
        try await send { (client) throws(APIError) in
            try await client.voteForFeaturePlan(planId: planID, idempotencyKey: Self.idempotencyKey())
        }
    }

    /// Takes back this identity's vote for the plan `planID`.
    ///
    /// - Returns: the plan as it stands afterwards.
    public func removeVote(planID: String) async throws(MobileJoeError) -> FeaturePlan {
        try await send { (client) throws(APIError) in
            try await client.removeVoteForFeaturePlan(planId: planID, idempotencyKey: Self.idempotencyKey())
        }
    }

    /// The current alerts, newest first; the same for every identity.
    public func alerts() async throws(MobileJoeError) -> [MobileJoeAlert] {
        try await send { (client) throws(APIError) in try await client.listAlerts().alerts }
    }

    /// Runs `call` with a client for the identity in use, mapping its failure.
    private func send<Result>(
        _ call: (MobileJoeClient) async throws(APIError) -> Result
    ) async throws(MobileJoeError) -> Result {
        let (context, identity) = try requestState()
        do {
            return try await call(context.client(for: identity))
        } catch {
            throw .request(error)
        }
    }

    /// A new idempotency key for one call.
    private static func idempotencyKey() -> String {
        UUID().lowercasedText
    }
}
