import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import Voidhash
import VoidhashAPI

/// "Put the user in a group", "Set every group at once" and "Read and clear groups".
@Suite("Groups", .timeLimit(.minutes(3)))
struct VoidhashGroupsTests {
    @Test func groupPutsTheUserInTheGroupAndGroupsReadsIt() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            #expect(await voidhash.groups == [:])
            await voidhash.group(
                type: "company", key: "acme",
                properties: ["name": .string("Acme"), "plan": .string("pro"), "seats": .number(40)])
            await voidhash.group(type: "team", key: "acme-design")
            #expect(await voidhash.groups == ["company": "acme", "team": "acme-design"])
            #expect(harness.warnings.all.isEmpty)
            await voidhash.shutdown()
        }
    }

    @Test func theUserBelongsToOneGroupOfEachTypeAndAnotherKeyMovesThem() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.group(type: "company", key: "acme")
            await voidhash.group(type: "company", key: "globex")
            #expect(await voidhash.groups == ["company": "globex"])
            await voidhash.shutdown()
        }
    }

    /// Keys are compared byte for byte: a precomposed é and an e with a combining accent are
    /// two groups, though Swift's `==` calls the keys equal.
    @Test func canonicallyEquivalentKeysAreTwoGroups() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let decomposed = "cafe\u{301}"
            await voidhash.group(type: "company", key: "caf\u{E9}")
            await voidhash.group(type: "company", key: decomposed)
            let key = try #require(await voidhash.groups["company"])
            #expect(key.utf8.elementsEqual(decomposed.utf8))
            await voidhash.flush()
            #expect(
                try harness.groupIdentifies.map { Array($0.groupKey.utf8) } == [
                    Array("caf\u{E9}".utf8), Array(decomposed.utf8),
                ])
            await voidhash.shutdown()
        }
    }

    @Test(arguments: [
        "", "Company", "2company", "_company", "team-x", "team x", "société", "team🚀",
        "a" + String(repeating: "b", count: 64),
    ])
    func anInvalidGroupTypeIsIgnoredWithAWarning(type: String) async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.group(type: "company", key: "acme")
            await voidhash.group(type: type, key: "x", properties: ["name": "X"])
            await voidhash.setGroups(["company": "acme", type: "x"])
            await voidhash.flush()
            #expect(await voidhash.groups == ["company": "acme"])
            #expect(harness.warningCodes == [.invalidGroupType, .invalidGroupType])
            #expect(try harness.groupIdentifies == [identify("company", "acme")])
            await voidhash.shutdown()
        }
    }

    @Test(arguments: ["a", "workspace_2", "a" + String(repeating: "1", count: 63)])
    func aGroupTypeIsALowerCaseLetterThenUpTo63LettersDigitsOrUnderscores(type: String) async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.group(type: type, key: "x")
            #expect(await voidhash.groups == [type: "x"])
            #expect(harness.warnings.all.isEmpty)
            await voidhash.shutdown()
        }
    }

    @Test(arguments: ["", String(repeating: "k", count: 257)])
    func anInvalidGroupKeyIsIgnoredWithAWarning(key: String) async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.group(type: "company", key: "acme")
            await voidhash.group(type: "company", key: key)
            #expect(await voidhash.groups == ["company": "acme"])
            #expect(harness.warningCodes == [.invalidGroupKey])
            await voidhash.shutdown()
        }
    }

    @Test(arguments: [" ", "a", "Ωmega 🚀", String(repeating: "🚀", count: 256)])
    func aGroupKeyIsOneTo256Characters(key: String) async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.group(type: "company", key: key)
            #expect(await voidhash.groups == ["company": key])
            #expect(harness.warnings.all.isEmpty)
            await voidhash.shutdown()
        }
    }

    @Test func aProjectKeepsUpTo5GroupTypesRememberedAcrossResetsAndLaunches() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            for type in ["a", "b", "c", "d", "e"] { await voidhash.group(type: type, key: "1") }
            await voidhash.group(type: "f", key: "1")
            #expect(harness.warningCodes == [.groupTypeLimit])
            #expect(await voidhash.groups.count == 5)
            await voidhash.resetGroups()
            await voidhash.group(type: "f", key: "1")
            #expect(await voidhash.groups == [:])
            await voidhash.signOut()
            await voidhash.shutdown()

            let relaunched = try harness.launch()
            await relaunched.setGroups(["e": "2", "f": "2"])
            #expect(await relaunched.groups == ["e": "2"])
            #expect(harness.warningCodes == [.groupTypeLimit, .groupTypeLimit, .groupTypeLimit])
            await relaunched.flush()
            #expect(try harness.groupIdentifies.map(\.groupType) == ["a", "b", "c", "d", "e", "e"])
            await relaunched.shutdown()
        }
    }

    /// An app and its extension on one storage each read the types used at launch: each wrote
    /// its own list over the other's, and together they used seven.
    @Test func theTypeLimitCountsTheTypesAnotherInstanceOnTheSameStorageUsed() async throws {
        try await withSDKHarness { harness in
            let app = try harness.launch()
            let appExtension = try harness.launch()
            for type in ["a", "b", "c"] { await app.group(type: type, key: "1") }
            for type in ["d", "e", "f"] { await appExtension.group(type: type, key: "1") }
            #expect(harness.warningCodes == [.groupTypeLimit])
            await app.flush()
            await appExtension.flush()
            await appExtension.shutdown()
            await app.shutdown()

            let relaunched = try harness.launch()
            for type in ["g", "h"] { await relaunched.group(type: type, key: "1") }
            await relaunched.flush()
            #expect(Set(try harness.groupIdentifies.map(\.groupType)) == ["a", "b", "c", "d", "e"])
            #expect(harness.warningCodes == [.groupTypeLimit, .groupTypeLimit, .groupTypeLimit])
            await relaunched.shutdown()
        }
    }

    @Test func groupPropertiesAreStringsNumbersOrBooleansAndOthersAreLeftOutWithAWarning() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.group(
                type: "company", key: "acme",
                properties: [
                    "name": "Acme", "seats": 40, "trial": false, "owner": nil, "tags": .array(["a"]),
                    "address": .object(["city": "Prague"]), "score": .number(.nan), "": "blank",
                ])
            await voidhash.flush()
            #expect(harness.warningCodes == Array(repeating: .invalidGroupProperty, count: 5))
            #expect(
                try harness.groupIdentifies == [
                    identify("company", "acme", ["name": "Acme", "seats": 40, "trial": false])
                ])
            #expect(harness.state.groupProperties(type: "company", key: "acme")?["name"] == "Acme")
            await voidhash.shutdown()
        }
    }

    @Test func setGroupsReplacesTheWholeSetAndDropsTypesLeftOut() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.setGroups([
                "company": VoidhashGroup(
                    id: "acme", properties: ["name": .string("Acme"), "plan": .string("pro"), "seats": .number(40)]),
                "team": "acme-design",
            ])
            #expect(await voidhash.groups == ["company": "acme", "team": "acme-design"])
            await voidhash.setGroups(["company": "acme", "project": "apollo"])
            #expect(await voidhash.groups == ["company": "acme", "project": "apollo"])
            await voidhash.shutdown()
        }
    }

    @Test func aStringLiteralIsAGroupWithThatIdAndNoProperties() {
        let group: VoidhashGroup = "acme-design"
        #expect(group == VoidhashGroup(id: "acme-design", properties: [:]))
    }

    @Test func setGroupsWithAnEmptyDictionaryDoesWhatResetGroupsDoes() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.setGroups(["company": "acme", "team": "acme-design"])
            await voidhash.setGroups([:])
            #expect(await voidhash.groups == [:])
            await voidhash.capture("after")
            await voidhash.flush()
            #expect(harness.capturedEvents.map(\.groups) == [nil])
            await voidhash.shutdown()
        }
    }

    @Test func setGroupsIgnoresAnEntryThatBreaksTheRulesWithAWarningAsIfLeftOut() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.setGroups(["company": "acme", "team": "acme-design"])
            await voidhash.setGroups(["company": "acme", "team": "", "Project": "apollo"])
            #expect(await voidhash.groups == ["company": "acme"])
            #expect(Set(harness.warningCodes) == [.invalidGroupKey, .invalidGroupType])
            #expect(harness.warningCodes.count == 2)
            await voidhash.shutdown()
        }
    }

    @Test func resetGroupsLeavesEveryGroupAndLaterEventsCarryNone() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.setGroups(["company": "acme", "team": "acme-design"])
            await voidhash.resetGroups()
            #expect(await voidhash.groups == [:])
            await voidhash.capture("after_reset")
            await voidhash.flush()
            #expect(harness.capturedEvents.map(\.groups) == [nil])
            await voidhash.shutdown()
        }
    }

    @Test func groupNeverThrowsAndWarningsCarryNoKeysOrValues() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.group(type: "Secret-Type", key: "k")
            await voidhash.group(type: "company", key: "")
            await voidhash.group(
                type: "company", key: "secret-key", properties: ["plan": .object(["x": "secret-value"])])
            let messages = harness.warnings.all.map(\.message).joined()
            #expect(harness.warnings.all.count == 3)
            #expect(!messages.contains("Secret-Type"))
            #expect(!messages.contains("secret-key"))
            #expect(!messages.contains("secret-value"))
            await voidhash.shutdown()
        }
    }
}
