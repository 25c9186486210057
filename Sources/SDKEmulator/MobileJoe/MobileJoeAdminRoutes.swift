import Foundation
import MobileJoeAPI
import SDKRuntime

extension MobileJoeEmulator {
    /// Where the Mobile Joe admin routes sit inside the server's admin API (`/_admin`).
    public static let adminMount = "/mobilejoe"

    /// The JSON admin API of `state`, served under `/_admin/mobilejoe` (dates as RFC 3339):
    ///
    /// | Request | Answer |
    /// | --- | --- |
    /// | `GET /identities` | `{"identities": [{"anonymousId", "deviceId", "externalId", "identifiedAt"}]}`, oldest first |
    /// | `GET /votes` | `{"plans": [{"id", "title", "status", "votes", "voters": [...]}]}`: the count the API reports and who voted |
    public static func adminRoutes(state: MobileJoeEmulatorState) throws(RouterError) -> Router {
        var router = Router()
        try router.add("GET", adminMount + "/identities") { _, _ in
            json(AdminIdentities(identities: state.identities.map(AdminIdentity.init)))
        }
        try router.add("GET", adminMount + "/votes") { _, _ in
            json(
                AdminVotes(
                    plans: state.ballots.map { plan, voters in
                        AdminPlanVotes(
                            id: plan.id, title: plan.title, status: plan.status.rawValue,
                            votes: plan.otherVotes + voters.count, voters: voters)
                    }))
        }
        return router
    }
}

/// `{"identities": [...]}`.
private struct AdminIdentities: Encodable {
    var identities: [AdminIdentity]
}

/// One identity as an identify request announced it.
private struct AdminIdentity: Encodable {
    var anonymousId: String
    var deviceId: String
    var externalId: String?
    var identifiedAt: Date

    init(_ identity: MobileJoeRecordedIdentity) {
        anonymousId = identity.anonymousId
        deviceId = identity.deviceId
        externalId = identity.externalId
        identifiedAt = identity.identifiedAt
    }
}

/// `{"plans": [...]}`.
private struct AdminVotes: Encodable {
    var plans: [AdminPlanVotes]
}

/// One plan's votes.
private struct AdminPlanVotes: Encodable {
    var id: String
    var title: String
    var status: String
    var votes: Int
    var voters: [String]
}
