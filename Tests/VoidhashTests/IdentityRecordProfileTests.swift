import Foundation
import SDKRuntime
import Testing

@testable import Voidhash

/// The built-in profile fields an identity remembers, which `identify` compares a profile with
/// ("Calling identify again with the same ID and no profile changes does nothing"; "email and
/// name set the built-in fields").
@Suite("The identity's profile fields as a value", .timeLimit(.minutes(3)))
struct IdentityRecordProfileTests {
    let signedIn = IdentityRecord.newAnonymous().identified(as: "user_1", email: "a@example.com", name: "Ada")

    @Test func attributesThatSetTheBuiltInFieldsChangeThem() {
        var identity = signedIn
        let changed = identity.noteWritten(["email": "b@example.com", "plan": "pro"])
        #expect(changed)
        #expect(identity.email == "b@example.com")
        #expect(identity.name == "Ada")
        let sameAgain = identity.noteWritten(["email": "b@example.com"])
        let otherKey = identity.noteWritten(["plan": "team"])
        #expect(!sameAgain)
        #expect(!otherKey)
    }

    @Test func aFieldSetToAnythingButTextIsUnknown() {
        var identity = signedIn
        let changed = identity.noteWritten(["email": nil, "name": 5])
        #expect(changed)
        #expect(identity.email == nil)
        #expect(identity.name == nil)
        // Unknown stays unknown: no change to store.
        let again = identity.noteWritten(["email": nil, "name": .bool(true)])
        #expect(!again)
    }

    @Test func aRefusedValueIsForgottenAndAnyOtherKept() {
        var identity = signedIn
        let forgotten = identity.noteRefused(["email": "a@example.com"])
        #expect(forgotten)
        #expect(identity.email == nil)
        #expect(identity.name == "Ada")
        let notHeld = identity.noteRefused(["name": "Bea"])
        #expect(!notHeld)
        #expect(identity.name == "Ada")
    }

    @Test func fieldsAreComparedByteForByte() {
        var identity = IdentityRecord.newAnonymous().identified(as: "user_1", email: nil, name: "Zo\u{EB}")
        let changed = identity.noteWritten(["name": "Zoe\u{308}"])
        #expect(changed)
        #expect(identity.name.map { Array($0.utf8) } == Array("Zoe\u{308}".utf8))
    }

    @Test func identifyNamesAChangedProfileFieldByItsBytes() {
        let identity = IdentityRecord.newAnonymous().identified(as: "user_1", email: "a@example.com", name: "Zo\u{EB}")
        #expect(identity.changedProfile(email: "a@example.com", name: "Zo\u{EB}") == (nil, nil))
        #expect(identity.changedProfile(email: nil, name: nil) == (nil, nil))
        #expect(identity.changedProfile(email: "b@example.com", name: nil) == ("b@example.com", nil))
        #expect(identity.changedProfile(email: nil, name: "Zoe\u{308}") == (nil, "Zoe\u{308}"))
        let unknown = IdentityRecord.newAnonymous().identified(as: "user_1", email: nil, name: nil)
        #expect(unknown.changedProfile(email: "a@example.com", name: "Zo\u{EB}") == ("a@example.com", "Zo\u{EB}"))
    }
}
