import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import VoidhashAPI

@Suite("Voidhash emulator: person attributes", .timeLimit(.minutes(3)))
struct VoidhashAttributesTests {
    private func set(
        _ attributes: [String: JSONValue], on distinctId: String = "user_attr", in emulator: VoidhashHarness
    ) async throws -> Person {
        try await emulator.client().setPersonAttributes(
            distinctId: distinctId, body: AttributesUpdate(attributes: attributes), idempotencyKey: idempotencyKey())
    }

    @Test func emailAndNameSetTheBuiltInFieldsAndTheRestAreAttributes() async throws {
        try await withVoidhashEmulator { emulator in
            let person = try await set(
                ["email": "ada@example.com", "name": "Ada", "seats": 3, "beta": true, "ratio": 2.5], in: emulator)
            #expect(person.distinctId == "user_attr")
            #expect(person.email == "ada@example.com" && person.name == "Ada")
            #expect(person.attributes == ["seats": 3, "beta": true, "ratio": 2.5])
            #expect(emulator.state.person("user_attr") == person)
        }
    }

    @Test func nullRemovesAnAttributeOrABuiltInField() async throws {
        try await withVoidhashEmulator { emulator in
            _ = try await set(["email": "ada@example.com", "seats": 3, "plan": "pro"], in: emulator)
            let person = try await set(["email": nil, "seats": nil, "unknown": nil], in: emulator)
            #expect(person.email == nil)
            #expect(person.attributes == ["plan": "pro"])
        }
    }

    @Test(arguments: [
        ["address": JSONValue.object(["city": "Prague"])],
        ["tags": JSONValue.array([1, 2])],
        ["": JSONValue.string("x")],
        ["email": JSONValue.number(3)],
        ["name": JSONValue.bool(true)],
    ])
    func aValueOrKeyThatBreaksTheRulesIs400AndSavesNothing(attributes: [String: JSONValue]) async throws {
        try await withVoidhashEmulator { emulator in
            emulator.state.seedPerson(VoidhashPersonSeed(distinctId: "user_attr", attributes: ["seats": 1]))
            var update = attributes
            update["seats"] = 2  // a valid attribute in the same call is not saved either
            let error = await apiError { try await set(update, in: emulator) }
            #expect(error?.status == 400)
            #expect(error?.code == "INVALID_ARGUMENT")
            #expect(emulator.state.person("user_attr")?.attributes == ["seats": 1])
        }
    }

    @Test func anInvalidDistinctIdIs400() async throws {
        try await withVoidhashEmulator { emulator in
            let error = await apiError { try await set(["seats": 1], on: "vh_anon_not-a-uuid", in: emulator) }
            #expect(error?.status == 400)
            #expect(emulator.state.people.isEmpty)
        }
    }

    @Test func aRejectedDistinctIdIs409AndSavesNothing() async throws {
        try await withVoidhashEmulator { emulator in
            emulator.state.addRejections(VoidhashRejections(attributeDistinctIds: ["user_attr"]))
            let error = await apiError { try await set(["seats": 1], in: emulator) }
            #expect(error?.status == 409)
            #expect(error?.code == "PERSON_WRITE_REJECTED")
            #expect(emulator.state.people.isEmpty)
        }
    }

    @Test func anAnonymousIdLinkedToAUserSetsTheUsersAttributes() async throws {
        try await withVoidhashEmulator { emulator in
            let anonymous = anonymousId()
            emulator.state.seedLink(anonymousId: anonymous, externalUserId: "user_123")
            let person = try await set(["seats": 4], on: anonymous, in: emulator)
            #expect(person.distinctId == anonymous)
            #expect(emulator.state.person("user_123")?.attributes == ["seats": 4])
            #expect(emulator.state.people.map(\.distinctId) == ["user_123"])
        }
    }

    @Test func aRejectionOfTheLinkedUserAppliesThroughTheAnonymousId() async throws {
        try await withVoidhashEmulator { emulator in
            let anonymous = anonymousId()
            emulator.state.seedLink(anonymousId: anonymous, externalUserId: "user_123")
            emulator.state.addRejections(VoidhashRejections(attributeDistinctIds: ["user_123"]))
            let error = await apiError { try await set(["seats": 4], on: anonymous, in: emulator) }
            #expect(error?.status == 409)
        }
    }
}
