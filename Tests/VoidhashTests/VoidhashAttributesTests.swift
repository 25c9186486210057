import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import Voidhash
import VoidhashAPI

@Suite("Attributes", .timeLimit(.minutes(3)))
struct VoidhashAttributesTests {
    @Test func stringsNumbersBooleansAndNilAreSaved() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let distinctId = await voidhash.getDistinctId()
            harness.state.seedPerson(VoidhashPersonSeed(distinctId: distinctId, attributes: ["old": "x"]))
            let result = try await voidhash.setPersonAttributesState([
                "plan_source": .string("referral"), "seats": .number(3), "beta": .bool(true), "old": nil,
            ])
            #expect(result.status == .confirmed)
            #expect(result.person?.attributes == ["plan_source": "referral", "seats": 3, "beta": true])
            #expect(harness.state.person(distinctId)?.attributes["old"] == nil)
            await voidhash.shutdown()
        }
    }

    @Test func emailAndNameSetTheBuiltInFields() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let person = try await voidhash.setPersonAttributes(["email": "ada@example.com", "name": "Ada"])
            #expect(person?.email == "ada@example.com")
            #expect(person?.name == "Ada")
            #expect(person?.attributes["email"] == nil)
            await voidhash.shutdown()
        }
    }

    @Test(arguments: [JSONValue.object(["a": 1]), .array([1, 2])])
    func anObjectOrArrayThrowsInvalidArgumentAndNothingIsSaved(value: JSONValue) async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let error = await voidhashError {
                try await voidhash.setPersonAttributes(["fine": "yes", "nested": value])
            }
            #expect(error?.code == .invalidArgument)
            #expect(await voidhash.pendingDeliveryCount() == 0)
            #expect(harness.requests(.setPersonAttributes).isEmpty)
            await voidhash.shutdown()
        }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aNonFiniteNumberIsWrittenAsNil(number: Double) async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let distinctId = await voidhash.getDistinctId()
            harness.state.seedPerson(VoidhashPersonSeed(distinctId: distinctId, attributes: ["score": 5]))
            let result = try await voidhash.setPersonAttributesState(["score": .number(number)])
            #expect(result.status == .confirmed)
            let body = try #require(harness.requests(.setPersonAttributes).first?.request.body)
            #expect(String(decoding: body, as: UTF8.self) == #"{"attributes":{"score":null}}"#)
            #expect(harness.state.person(distinctId)?.attributes["score"] == nil)
            await voidhash.shutdown()
        }
    }

    @Test func attributesWaitAtMostTwoSecondsThenAreSavedAndSentLater() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let distinctId = await voidhash.getDistinctId()
            harness.inject(.hold, into: .setPersonAttributes)
            let call = Task { try await voidhash.setPersonAttributesState(["plan": "pro"]) }
            await harness.waitUntilHeld(.setPersonAttributes)
            await harness.clock.waitForSleepers(1)
            harness.clock.advance(by: .milliseconds(1_999))
            #expect(harness.clock.sleeperCount == 1)
            harness.clock.advance(by: .milliseconds(1))
            let result = try await call.value
            #expect(result.status == .deferred)
            #expect(result.person == nil)
            #expect(await voidhash.pendingDeliveryCount() == 1)
            harness.server.clearFaults()
            harness.release(.setPersonAttributes)
            await voidhash.flush()
            #expect(harness.state.person(distinctId)?.attributes["plan"] == "pro")
            #expect(await voidhash.pendingDeliveryCount() == 0)
            await voidhash.shutdown()
        }
    }

    @Test("setPersonAttributes tries Voidhash at once while earlier attributes wait out their back-off")
    func attributesTryVoidhashDuringTheirLanesBackOff() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let distinctId = await voidhash.getDistinctId()
            harness.inject(.status(503, code: "INTERNAL"), into: .setPersonAttributes, scope: .next(1))
            #expect(try await voidhash.setPersonAttributesState(["plan": "pro"]).status == .deferred)

            // The clock has not moved: the first update's back-off still runs.
            let result = try await voidhash.setPersonAttributesState(["seats": 3])
            #expect(result.status == .confirmed)
            #expect(harness.requests(.setPersonAttributes).count == 3)
            #expect(harness.state.person(distinctId)?.attributes["plan"] == "pro")
            #expect(harness.state.person(distinctId)?.attributes["seats"] == 3)
            await voidhash.shutdown()
        }
    }

    @Test func attributesSavedOfflineAreSentOnceVoidhashIsReachable() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let distinctId = await voidhash.getDistinctId()
            harness.inject(.dropConnection)
            let result = try await voidhash.setPersonAttributesState(["plan": "pro"])
            #expect(result.status == .deferred)
            harness.server.clearFaults()
            await harness.retryDelivery(voidhash)
            #expect(harness.state.person(distinctId)?.attributes["plan"] == "pro")
            await voidhash.shutdown()
        }
    }

    @Test func attributesRefusedWithinTheWaitThrow() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let distinctId = await voidhash.getDistinctId()
            harness.state.addRejections(VoidhashRejections(attributeDistinctIds: [distinctId]))
            let error = await voidhashError { try await voidhash.setPersonAttributes(["plan": "pro"]) }
            #expect(error?.code == .personWriteRejected)
            #expect(await voidhash.pendingDeliveryCount() == 0)
            await voidhash.shutdown()
        }
    }

    @Test func attributesRefusedLaterAreDroppedWithPersonWriteRejected() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let distinctId = await voidhash.getDistinctId()
            harness.state.addRejections(VoidhashRejections(attributeDistinctIds: [distinctId]))
            harness.inject(.dropConnection)
            #expect(try await voidhash.setPersonAttributesState(["plan": "pro"]).status == .deferred)
            harness.server.clearFaults()
            await harness.retryDelivery(voidhash)
            #expect(harness.diagnosticCodes == [.personWriteRejected])
            #expect(harness.diagnostics.all.map(\.message) == ["Voidhash refused person attributes; it was dropped."])
            #expect(await voidhash.pendingDeliveryCount() == 0)
            await voidhash.shutdown()
        }
    }

    @Test("refused profile fields of identify are dropped, and the diagnostic says which write it was")
    func refusedProfileFieldsAreNamedInTheDiagnostic() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            try await voidhash.identify(externalUserId: "user_profile")
            harness.state.addRejections(VoidhashRejections(attributeDistinctIds: ["user_profile"]))
            let result = try await voidhash.identifyState(externalUserId: "user_profile", email: "p@example.com")
            #expect(result.status == .confirmed)
            #expect(harness.diagnosticCodes == [.personWriteRejected])
            #expect(
                harness.diagnostics.all.map(\.message) == [
                    "Voidhash refused the profile fields of identify; it was dropped."
                ])
            #expect(await voidhash.pendingDeliveryCount() == 0)
            await voidhash.shutdown()
        }
    }

    /// "email and name set the built-in fields": once the attributes changed the email, an
    /// identify with the earlier email is a profile change and is sent.
    @Test func identifyAfterTheAttributesChangedTheEmailSendsItAgain() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            try await voidhash.identify(externalUserId: "user_profile", email: "a@example.com")
            _ = try await voidhash.setPersonAttributes(["email": "b@example.com"])
            #expect(harness.state.person("user_profile")?.email == "b@example.com")
            let result = try await voidhash.identifyState(externalUserId: "user_profile", email: "a@example.com")
            #expect(result.status == .confirmed)
            #expect(harness.state.person("user_profile")?.email == "a@example.com")
            await voidhash.shutdown()
        }
    }

    /// A profile Voidhash refused is not on Voidhash: the same profile given again is sent
    /// again, not taken as unchanged.
    @Test func aRefusedProfileIsSentAgainByTheNextIdentify() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            try await voidhash.identify(externalUserId: "user_profile")
            harness.state.addRejections(VoidhashRejections(attributeDistinctIds: ["user_profile"]))
            _ = try await voidhash.identifyState(externalUserId: "user_profile", email: "p@example.com")
            _ = try await voidhash.identifyState(externalUserId: "user_profile", email: "p@example.com")
            #expect(harness.requests(.setPersonAttributes).count == 2)
            #expect(harness.diagnosticCodes == [.personWriteRejected, .personWriteRejected])
            await voidhash.shutdown()
        }
    }

    @Test(arguments: [VoidhashAnalyticsConsent.denied, .pending])
    func attributesAreSkippedWithoutAnalyticsConsent(consent: VoidhashAnalyticsConsent) async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch(consent: consent)
            let result = try await voidhash.setPersonAttributesState(["plan": "pro"])
            #expect(result.status == .skipped)
            #expect(await voidhash.pendingDeliveryCount() == 0)
            await voidhash.setAnalyticsConsent(.granted)
            #expect(try await voidhash.setPersonAttributesState(["plan": "pro"]).status == .confirmed)
            await voidhash.shutdown()
        }
    }

    @Test func attributesGoToTheIdentityThatSetThem() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            try await voidhash.identify(externalUserId: "user_attrs")
            harness.inject(.status(503, code: "INTERNAL"))
            _ = try await voidhash.setPersonAttributesState(["plan": "pro"])
            await voidhash.signOut()
            harness.server.clearFaults()
            await harness.retryDelivery(voidhash)
            #expect(harness.state.person("user_attrs")?.attributes["plan"] == "pro")
            await voidhash.shutdown()
        }
    }
}
