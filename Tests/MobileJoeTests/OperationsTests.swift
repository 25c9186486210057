import Foundation
import MobileJoe
import MobileJoeAPI
import SDKEmulator
import SDKRuntime
import Testing

let darkMode = MobileJoeEmulatorPlan(id: "dark-mode", title: "Dark mode", status: .planned, otherVotes: 10)
let widgets = MobileJoeEmulatorPlan(id: "widgets", title: "Widgets")
let refundFAQ = FAQ(id: "faq_1", question: "How do refunds work?", answer: "Through the store.")
let votingFAQ = FAQ(id: "faq_2", question: "How do I vote?", answer: "Tap a plan; refunds are not affected.")
let maintenance = MobileJoeAlert(id: "alert_1", title: "Maintenance", message: "Back at noon.", severity: .info)

/// The API error code a thrown `MobileJoeError.request` carries.
func requestCode(_ error: any Error) -> MobileJoeErrorCode? {
    guard case .request(let apiError) = error as? MobileJoeError else { return nil }
    return apiError.mobileJoeCode
}

@Suite("Operations: FAQs, feature plans and votes, alerts", .timeLimit(.minutes(3)))
struct OperationsTests {
    @Test func searchFAQsFindsMatchesQuestionsFirstTheSameForEveryIdentity() async throws {
        try await withJoe(faqs: [votingFAQ, refundFAQ]) { joe in
            let one = try await joe.configured()
            let other = try await joe.configured(storageDirectory: joe.root.appendingPathComponent("other"))
            #expect(try await one.searchFAQs(term: "REFUND") == [refundFAQ, votingFAQ])
            #expect(try await other.searchFAQs(term: "refund") == [refundFAQ, votingFAQ])
            #expect(try await one.searchFAQs(term: "nothing") == [])
            #expect(joe.requests(.searchFAQs).first?.queryValue("term") == "REFUND")
        }
    }

    @Test func aBlankSearchTermIsRefusedBeforeSending() async throws {
        try await withJoe { joe in
            let instance = try await joe.configured()
            await #expect { try await instance.searchFAQs(term: "  ") } throws: { requestCode($0) == .invalidArgument }
            #expect(joe.requests(.searchFAQs).isEmpty)
        }
    }

    @Test func votesBelongToTheIdentityAndVotingTwiceCountsOnce() async throws {
        try await withJoe(plans: [darkMode, widgets]) { joe in
            let one = try await joe.configured()
            let other = try await joe.configured(storageDirectory: joe.root.appendingPathComponent("other"))
            let first = try await one.vote(planID: "dark-mode")
            #expect(first.hasVoted && first.voteCount == 11)
            let again = try await one.vote(planID: "dark-mode")
            #expect(again.hasVoted && again.voteCount == 11)

            let seenByOther = try await other.featurePlans()
            #expect(seenByOther.map(\.id) == ["dark-mode", "widgets"])
            #expect(seenByOther.first?.hasVoted == false && seenByOther.first?.voteCount == 11)
            #expect(seenByOther.first?.status == .planned && seenByOther.first?.title == "Dark mode")
            let otherVote = try await other.vote(planID: "dark-mode")
            #expect(otherVote.voteCount == 12)
            let anonymous = try #require(one.identity?.anonymousId)
            #expect(joe.state.votes(of: anonymous) == ["dark-mode"])
        }
    }

    @Test func removeVoteTakesBackTheIdentitysVote() async throws {
        try await withJoe(plans: [darkMode, widgets]) { joe in
            let instance = try await joe.configured()
            _ = try await instance.vote(planID: "dark-mode")
            _ = try await instance.vote(planID: "widgets")
            let removed = try await instance.removeVote(planID: "dark-mode")
            #expect(!removed.hasVoted && removed.voteCount == 10)
            let removedAgain = try await instance.removeVote(planID: "dark-mode")
            #expect(!removedAgain.hasVoted && removedAgain.voteCount == 10)
            let kept = try #require(try await instance.featurePlans().first { $0.id == "widgets" })
            #expect(kept.hasVoted && kept.voteCount == 1, "the identity's other vote stays")
            let anonymous = try #require(instance.identity?.anonymousId)
            #expect(joe.state.votes(of: anonymous) == ["widgets"])
            _ = try await instance.removeVote(planID: "widgets")
            #expect(joe.state.votes(of: anonymous).isEmpty)
        }
    }

    @Test func anUnknownPlanIsNotFoundAndAMalformedIDIsRefusedBeforeSending() async throws {
        try await withJoe(plans: [darkMode]) { joe in
            let instance = try await joe.configured()
            await #expect { try await instance.vote(planID: "no-such-plan") } throws: { requestCode($0) == .notFound }
            await #expect { try await instance.removeVote(planID: "no-such-plan") } throws: {
                requestCode($0) == .notFound
            }
            await #expect { try await instance.vote(planID: "plan/1") } throws: { requestCode($0) == .invalidArgument }
            #expect(joe.requests(.voteForFeaturePlan).count == 1)
        }
    }

    @Test func votesCastBeforeSignInCarryOverToTheAccount() async throws {
        try await withJoe(plans: [darkMode]) { joe in
            let instance = try await joe.configured()
            _ = try await instance.vote(planID: "dark-mode")
            try instance.identify(appUserID: "account-42")
            let plans = try await instance.featurePlans()
            #expect(plans.first?.hasVoted == true && plans.first?.voteCount == 11)
            #expect(joe.state.votes(of: ExternalId.make(from: "account-42")) == ["dark-mode"])
        }
    }

    @Test func devicesIdentifiedWithTheSameAppUserIDShareTheirVotes() async throws {
        try await withJoe(plans: [darkMode]) { joe in
            let phone = try await joe.configured(appUserID: "account-42")
            let tablet = try await joe.configured(
                appUserID: "account-42", storageDirectory: joe.root.appendingPathComponent("tablet"))
            #expect(phone.identity?.deviceId != tablet.identity?.deviceId)
            _ = try await phone.vote(planID: "dark-mode")
            let seen = try await tablet.featurePlans()
            #expect(seen.first?.hasVoted == true && seen.first?.voteCount == 11)
            let tabletVote = try await tablet.vote(planID: "dark-mode")
            #expect(tabletVote.voteCount == 11, "the account's vote counts once")
        }
    }

    @Test func afterLogoutTheAccountKeepsItsVotes() async throws {
        try await withJoe(plans: [darkMode]) { joe in
            let instance = try await joe.configured(appUserID: "account-42")
            _ = try await instance.vote(planID: "dark-mode")
            try instance.logout()
            let signedOut = try await instance.featurePlans()
            #expect(signedOut.first?.hasVoted == false && signedOut.first?.voteCount == 11)
            try instance.identify(appUserID: "account-42")
            let signedInAgain = try await instance.featurePlans()
            #expect(signedInAgain.first?.hasVoted == true && signedInAgain.first?.voteCount == 11)
        }
    }

    @Test func alertsAreTheSameForEveryIdentity() async throws {
        try await withJoe(alerts: [maintenance]) { joe in
            let one = try await joe.configured()
            let other = try await joe.configured(storageDirectory: joe.root.appendingPathComponent("other"))
            #expect(try await one.alerts() == [maintenance])
            #expect(try await other.alerts() == [maintenance])
        }
    }

    @Test func operationsThrowBeforeConfiguration() async throws {
        try await withJoe { joe in
            let instance = joe.launch()
            await #expect(throws: MobileJoeError.notConfigured) { try await instance.alerts() }
            await #expect(throws: MobileJoeError.notConfigured) { try await instance.featurePlans() }
            await #expect(throws: MobileJoeError.notConfigured) { try await instance.vote(planID: "dark-mode") }
            #expect(joe.allRequests.isEmpty)
        }
    }

    @Test func aRefusedAPIKeyIsReportedAsAuthenticationFailed() async throws {
        try await withJoe { joe in
            let instance = joe.launch()
            try instance.configure(withAPIKey: "")
            await instance.pendingIdentify()
            guard case .identifyRequestFailed(let error) = try #require(joe.diagnostics.all.first) else {
                Issue.record("expected a failed identify: \(joe.diagnostics.all)")
                return
            }
            #expect(error.category == .authenticationFailed)
            await #expect { try await instance.alerts() } throws: { requestCode($0) == .authenticationFailed }
        }
    }
}
