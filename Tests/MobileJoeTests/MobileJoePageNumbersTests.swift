import Foundation
import MobileJoeAPI
import Testing

/// Each number the Mobile Joe page states, written here as the page states it, so that a change
/// to the spec that drifts from the page fails a test instead of following along.
@Suite("The numbers of the Mobile Joe page", .timeLimit(.minutes(3)))
struct MobileJoePageNumbersTests {
    @Test func atMostThreePreferredLanguagesAreSent() {
        #expect(MobileJoeConstants.maxPreferredLanguages == 3)
        #expect(MobileJoeRequestHeaders.maxPreferredLanguagesItems == 3)
    }

    @Test func requestsTimeOutAfterTenSeconds() {
        #expect(MobileJoeConstants.requestTimeout == .seconds(10))
    }

    @Test func everyIDCarries32LowercaseHexDigitsAfterItsPrefix() {
        let ids = [
            (AnonymousId.make(), "$MBJAnonymousID:"),
            (DeviceId.make(), "$MBJDeviceID:"),
            (ExternalId.make(from: "account-42"), "$MBJExternalID:"),
        ]
        for (id, prefix) in ids {
            #expect(id.hasPrefix(prefix))
            let body = id.dropFirst(prefix.count)
            #expect(body.count == 32)
            #expect(body.allSatisfy { "0123456789abcdef".contains($0) })
        }
        #expect(!ExternalId.isValid("$MBJExternalID:" + String(repeating: "a", count: 31)))
        #expect(!ExternalId.isValid("$MBJExternalID:" + String(repeating: "a", count: 33)))
    }
}
