import SDKRuntime
import Testing

@testable import Voidhash

/// The user's groups as a value: which `$groupidentify` a change needs, and what was sent.
@Suite("Group membership as a value", .timeLimit(.minutes(3)))
struct GroupMembershipTests {
    /// Member of `company` `acme`, with `plan: pro` sent for it.
    var acme: GroupMembership {
        var membership = GroupMembership.none
        membership.replace(with: ["company": "acme"])
        membership.recordSent(type: "company", key: "acme", properties: ["plan": "pro"])
        return membership
    }

    @Test func aNewGroupNeedsAGroupIdentifyEvenWithoutProperties() {
        #expect(GroupMembership.none.needsIdentify(type: "company", key: "acme", properties: [:]))
        var joined = GroupMembership.none
        joined.replace(with: ["company": "acme"])
        #expect(joined.needsIdentify(type: "company", key: "acme", properties: [:]), "nothing was sent for it yet")
    }

    @Test func onlyAPropertyNotSentOrSentWithAnotherValueNeedsOneAgain() {
        #expect(!acme.needsIdentify(type: "company", key: "acme", properties: [:]))
        #expect(!acme.needsIdentify(type: "company", key: "acme", properties: ["plan": "pro"]))
        #expect(acme.needsIdentify(type: "company", key: "acme", properties: ["plan": "team"]))
        #expect(acme.needsIdentify(type: "company", key: "acme", properties: ["seats": 40]))
        #expect(acme.needsIdentify(type: "company", key: "globex", properties: [:]), "another group of the type")
    }

    @Test func whatWasSentMergesLaterValuesOverEarlierOnesForTheSameGroup() {
        var membership = acme
        membership.recordSent(type: "company", key: "acme", properties: ["plan": "team", "seats": 40])
        #expect(
            membership.sent["company"] == GroupMembership.Sent(key: "acme", properties: ["plan": "team", "seats": 40]))
        membership.replace(with: ["company": "globex"])
        membership.recordSent(type: "company", key: "globex", properties: ["seats": 3])
        #expect(membership.sent["company"] == GroupMembership.Sent(key: "globex", properties: ["seats": 3]))
    }

    @Test func aSendForAGroupTheUserLeftIsNotRecorded() {
        var membership = acme
        membership.replace(with: ["company": "globex"])
        membership.recordSent(type: "company", key: "acme", properties: ["plan": "team"])
        #expect(membership.sent["company"] == GroupMembership.Sent(key: "acme", properties: ["plan": "pro"]))
        #expect(membership.needsIdentify(type: "company", key: "globex", properties: [:]))
        membership.recordSent(type: "team", key: "design", properties: ["size": 4])
        #expect(membership.sent["team"] == nil, "not a group of the user")
    }

    @Test func replacingKeepsWhatWasSentOnlyForTheTypesLeft() {
        var membership = acme
        membership.replace(with: ["company": "acme", "team": "design"])
        #expect(membership.sent["company"]?.properties == ["plan": "pro"])
        membership.replace(with: ["team": "design"])
        #expect(membership.sent.isEmpty)
        #expect(membership.current == ["team": "design"])
    }

    /// Keys are compared byte for byte: "é" written precomposed and decomposed are two groups
    /// (Swift's `==` calls them equal).
    @Test func keysThatSwiftCallsEqualButDifferInBytesAreTwoGroups() {
        let precomposed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(precomposed == decomposed)
        var membership = GroupMembership.none
        membership.replace(with: ["company": precomposed])
        membership.recordSent(type: "company", key: precomposed, properties: [:])
        #expect(membership.isCurrent(precomposed, of: "company"))
        #expect(!membership.isCurrent(decomposed, of: "company"))
        #expect(membership.needsIdentify(type: "company", key: decomposed, properties: [:]))
    }
}
