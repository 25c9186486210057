import Testing

@testable import Voidhash

/// The consent rule of the pages as a value: only a user who agreed is recorded.
@Suite("Analytics consent as a value", .timeLimit(.minutes(3)))
struct AnalyticsConsentRuleTests {
    @Test func onlyGrantedConsentAllowsAnalyticsAndPendingCountsAsNotGranted() {
        #expect(VoidhashAnalyticsConsent.granted.allowsAnalytics)
        #expect(!VoidhashAnalyticsConsent.denied.allowsAnalytics)
        #expect(!VoidhashAnalyticsConsent.pending.allowsAnalytics)
    }
}
