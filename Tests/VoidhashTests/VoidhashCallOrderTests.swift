import Foundation
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing
import VoidhashAPI

@testable import SDKPersistence
@testable import Voidhash

/// Calls "wait for the stored identity, in the order you called them": every pair of kinds of
/// call (identity, groups, consent, attributes, events) made while storage waits for the
/// device's first unlock takes effect in call order, as a model of the rules says.
@Suite("Call order", .timeLimit(.minutes(2)))
struct VoidhashCallOrderTests {
    /// Who an identity is, as the test tells them apart.
    enum Who: Hashable, CustomStringConvertible {
        /// The anonymous identity stored before the relaunch.
        case stored
        /// A new anonymous identity (after a sign-out).
        case newAnonymous
        /// The signed-in user.
        case user
        /// A group's own distinct ID (a `$groupidentify` sent without consent).
        case group

        var description: String {
            switch self {
            case .stored: "stored"
            case .newAnonymous: "new anonymous"
            case .user: "user"
            case .group: "group"
            }
        }
    }

    /// What the SDK ends up with and what Voidhash received.
    struct Observed: Equatable, CustomStringConvertible {
        var who: Who
        var groups: [String: String]
        var consent: VoidhashAnalyticsConsent
        /// Every stored event: name and who sent it.
        var events: [String]
        /// Who each attributes request was for.
        var attributes: [Who]

        var description: String {
            "who: \(who), groups: \(groups), consent: \(consent), events: \(events), attributes: \(attributes)"
        }
    }

    /// One kind of call, and what it does by the rules of the pages.
    enum Call: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case signOut, reset, identify, group, setGroups, resetGroups, denyConsent, setAttributes, capture

        var testDescription: String { rawValue }

        /// Makes the call.
        func make(on voidhash: Voidhash) async {
            switch self {
            case .signOut: await voidhash.signOut()
            case .reset: await voidhash.reset()
            case .identify: _ = try? await voidhash.identifyState(externalUserId: "user_1")
            case .group: await voidhash.group(type: "company", key: "acme")
            case .setGroups: await voidhash.setGroups(["team": "design"])
            case .resetGroups: await voidhash.resetGroups()
            case .denyConsent: await voidhash.setAnalyticsConsent(.denied)
            case .setAttributes: _ = try? await voidhash.setPersonAttributesState(["plan": "pro"])
            case .capture: await voidhash.capture("probe")
            }
        }

        /// The model of the rules: what the call does to `state`.
        func apply(to state: inout Observed) {
            let granted = state.consent == .granted
            switch self {
            case .signOut, .reset:
                if granted { state.events.append("$sign_out by \(state.who)") }
                state.who = .newAnonymous
                state.groups = [:]
            case .identify:
                state.who = .user  // groups stay
            case .group:
                state.groups["company"] = "acme"
                state.events.append("$groupidentify by \(granted ? state.who : .group)")
            case .setGroups:
                state.groups = ["team": "design"]  // the company group, if any, is left
                state.events.append("$groupidentify by \(granted ? state.who : .group)")
            case .resetGroups:
                state.groups = [:]  // sends nothing
            case .denyConsent:
                state.consent = .denied
            case .setAttributes:
                if granted { state.attributes.append(state.who) }
            case .capture:
                if granted { state.events.append("probe by \(state.who) in \(state.groups)") }
            }
        }
    }

    static let pairs: [(Call, Call)] = Call.allCases.flatMap { first in
        Call.allCases.filter { $0 != first }.map { (first, $0) }
    }

    @Test("two calls made while storage waits for the first unlock take effect in call order", arguments: pairs)
    func twoCallsTakeEffectInCallOrder(_ first: Call, _ second: Call) async throws {
        try await withSDKHarness { harness in
            let launch = try harness.launch(consent: .granted)
            let stored = await launch.getDistinctId()
            await launch.shutdown()
            let eventsBefore = harness.state.events.count

            var options = harness.options()
            let gate = DataProtectionGate(isAvailable: false)
            options.dataProtection = gate
            let voidhash = try Voidhash(publishableKey: VoidhashEmulator.testKey, options: options)
            let firstCall = Task { await first.make(on: voidhash) }
            #expect(await eventually { voidhash.pendingOrderedCalls == 1 })
            let secondCall = Task { await second.make(on: voidhash) }
            #expect(await eventually { voidhash.pendingOrderedCalls == 2 })
            #expect(harness.state.events.count == eventsBefore, "nothing before the unlock")

            gate.unlock()
            await firstCall.value
            await secondCall.value
            await voidhash.flush()

            func who(_ distinctId: String) -> Who {
                if distinctId == stored { return .stored }
                if distinctId == "user_1" { return .user }
                if distinctId.hasPrefix("$") { return .group }
                return .newAnonymous
            }
            let events = harness.state.events.dropFirst(eventsBefore).map { event in
                event.event == VoidhashConstants.groupIdentifyEvent || event.event == VoidhashConstants.signOutEvent
                    ? "\(event.event) by \(who(event.distinctId))"
                    : "\(event.event) by \(who(event.distinctId)) in \(event.groups ?? [:])"
            }
            let attributes = harness.requests(.setPersonAttributes).compactMap { recorded in
                recorded.request.pathSegments?.first { $0 == stored || $0 == "user_1" || Self.isAnonymous($0) }
            }.map(who)
            let observed = Observed(
                who: who(await voidhash.getDistinctId()), groups: await voidhash.groups,
                consent: await voidhash.analyticsConsent(), events: events, attributes: attributes)

            var expected = Observed(who: .stored, groups: [:], consent: .granted, events: [], attributes: [])
            first.apply(to: &expected)
            second.apply(to: &expected)
            #expect(observed == expected)
            await voidhash.shutdown()
        }
    }

    private static func isAnonymous(_ segment: String) -> Bool {
        Voidhash.isAnonymousDistinctId(segment)
    }
}
