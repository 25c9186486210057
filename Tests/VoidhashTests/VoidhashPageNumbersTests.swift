import Foundation
import Testing
import VoidhashAPI

/// Each number the Voidhash pages state, written here as the page states it, so that a change to
/// the spec that drifts from the pages fails a test instead of following along.
@Suite("The numbers of the Voidhash pages", .timeLimit(.minutes(3)))
struct VoidhashPageNumbersTests {
    @Test func identifyWaitsUpToTwoSeconds() {
        #expect(VoidhashConstants.identifyWait == .seconds(2))
    }

    @Test func attributesWaitUpToTwoSeconds() {
        #expect(VoidhashConstants.attributesWait == .seconds(2))
    }

    @Test func aStaleReadWaitsUpTo500Milliseconds() {
        #expect(VoidhashConstants.staleReadWait == .milliseconds(500))
    }

    @Test func aSnapshotIsStaleAfterFiveMinutes() {
        #expect(VoidhashConstants.personStaleAfter == .seconds(5 * 60))
    }

    @Test func aSnapshotIsExpiredAfterTwoDays() {
        #expect(VoidhashConstants.personExpiresAfter == .seconds(2 * 24 * 60 * 60))
    }

    @Test func requestsTimeOutAfterTenSeconds() {
        #expect(VoidhashConstants.requestTimeout == .seconds(10))
    }

    @Test func anExternalUserIdHasAtMost255Characters() {
        #expect(ExternalUserIdRule.validate(String(repeating: "é", count: 255)) == nil)
        #expect(ExternalUserIdRule.validate(String(repeating: "é", count: 256)) == .tooLong)
    }

    @Test func anAttributeKeyHasAtMost255Characters() {
        #expect(AttributeKeyRule.validate(String(repeating: "k", count: 255)) == nil)
        #expect(AttributeKeyRule.validate(String(repeating: "k", count: 256)) == .tooLong)
    }

    @Test func aGroupKeyHasOneTo256Characters() {
        #expect(GroupKeyRule.validate("") == .tooShort)
        #expect(GroupKeyRule.validate(String(repeating: "🚀", count: 256)) == nil)
        #expect(GroupKeyRule.validate(String(repeating: "🚀", count: 257)) == .tooLong)
    }

    @Test func aGroupTypeHasAtMost64Characters() {
        #expect(GroupTypeRule.validate("a" + String(repeating: "b", count: 63)) == nil)
        #expect(GroupTypeRule.validate("a" + String(repeating: "b", count: 64)) == .patternMismatch)
    }

    @Test func aProjectKeepsUpToFiveGroupTypes() {
        #expect(VoidhashConstants.maxGroupTypes == 5)
    }
}
