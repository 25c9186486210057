import Foundation
import SDKEmulator
import Testing

@testable import Voidhash

/// Reads of the person, the distinct ID, the consent and the groups share checks of what other
/// processes stored: a read answers from a check that began after it was asked for, and makes
/// its own otherwise. So reads asked for at once share a check, and a read asked for after
/// another process committed still sees that commit.
@Suite("Reads sharing checks of the shared storage", .timeLimit(.minutes(3)))
struct VoidhashSharedStorageChecksTests {
    @Test func aReadAnswersFromACheckThatBeganAfterItWasAskedForAndOtherwiseChecksItself() async throws {
        try await withSDKHarness { harness in
            let app = try harness.launch()
            let appExtension = try harness.launch()
            let before = await appExtension.getDistinctId()
            let core = try #require(appExtension.progress.core)
            let checks = core.sharedStorageChecks

            let askedBeforeTheSignOut = checks.ticket()
            await app.signOut()
            let signedOut = await app.getDistinctId()
            #expect(signedOut != before)

            let asked = checks.ticket()
            #expect(await core.distinctId(askedAt: asked) == signedOut, "asked after the sign-out: it checks")
            #expect(checks.ticket() == asked + 1)
            #expect(await core.distinctId(askedAt: asked) == signedOut, "that check began after it was asked for")
            #expect(await core.analyticsConsent(askedAt: asked) == .granted)
            #expect(await core.currentGroups(askedAt: asked) == [:])
            _ = await core.personState(forceFetch: false, askedAt: asked)
            #expect(checks.ticket() == asked + 1, "four reads, no check of their own")

            await app.group(type: "company", key: "acme")
            #expect(await core.currentGroups(askedAt: asked) == [:], "answered from the check made before the change")
            #expect(await core.currentGroups(askedAt: checks.ticket()) == ["company": "acme"])
            #expect(await core.distinctId(askedAt: askedBeforeTheSignOut) == signedOut)
            await appExtension.shutdown()
            await app.shutdown()
        }
    }

    @Test func readsAskedForAtOnceAfterAnotherInstancesChangesAllSeeThem() async throws {
        try await withSDKHarness { harness in
            let app = try harness.launch()
            let appExtension = try harness.launch()
            _ = await appExtension.getDistinctId()
            for round in 0..<5 {
                await app.signOut()
                await app.group(type: "company", key: "acme-\(round)")
                await app.setAnalyticsConsent(round.isMultiple(of: 2) ? .denied : .granted)
                let expected = (await app.getDistinctId(), await app.groups, await app.analyticsConsent())
                let reads = await withTaskGroup(
                    of: (String, [String: String], VoidhashAnalyticsConsent).self,
                    returning: [(String, [String: String], VoidhashAnalyticsConsent)].self
                ) { group in
                    for _ in 0..<100 {
                        group.addTask {
                            (
                                await appExtension.getDistinctId(), await appExtension.groups,
                                await appExtension.analyticsConsent()
                            )
                        }
                    }
                    return await group.reduce(into: []) { $0.append($1) }
                }
                #expect(reads.count == 100)
                let differing = reads.first { $0 != expected }
                #expect(differing == nil, "round \(round): \(String(describing: differing)), expected \(expected)")
            }
            await appExtension.shutdown()
            await app.shutdown()
        }
    }
}
