import Foundation
import SDKEmulator
import Testing
import VoidhashAPI

extension StressTests {
    /// Writes paired with state (a sign-in's link and the signed-in identity, a `$sign_out` and
    /// the new anonymous identity, a `$groupidentify` and the groups) queued once whatever
    /// happens around the call: a kill inside it, then a relaunch that runs the app's code again.
    @Suite("Writes paired with state queued once across relaunches", .timeLimit(.minutes(10)))
    struct PairedWriteOnceTests {
        /// Trials of `mode`, killed up to 1.5 ms after its call began (markers: `started`, then
        /// `begin <mode>`): a sign-out or a group change is one transaction, over in a few
        /// milliseconds even on a busy machine.
        static func trials(_ mode: String, prepare: String? = nil) -> RelaunchTrials {
            RelaunchTrials(mode: mode, call: mode, seed: 2026_12_02, prepare: prepare) { random in
                KillPlan(marker: 2, delayMicroseconds: UInt32.random(in: 0...1_500, using: &random))
            }
        }

        /// Problems unless exactly one stored event is named `name` and matches `filter`
        /// (described by `subject`).
        static func exactlyOne(
            _ name: String, _ subject: String, in record: EmulatorRecord, where filter: (Event) -> Bool
        ) -> [String] {
            let count = record.events.filter { $0.event == name && filter($0) }.count
            return count == 1 ? [] : ["\(count) \(name) events for \(subject)"]
        }

        @Test("a kill inside identifyState, then a relaunch that signs in again: one link, under one key")
        func aKilledSignInRerunByTheRelaunchQueuesOneLink() async throws {
            try await Self.trials("signin").run { record, number in
                let keys = record.linkArrivals.values.map(EmulatorRecord.itemCount).reduce(0, +)
                var found = keys == 1 ? [] : ["the link was queued under \(keys) keys"]
                if !record.links.values.contains("user-\(number)") { found.append("no link to user-\(number)") }
                return found
            }
        }

        @Test("a kill inside signOut, then a relaunch that signs out a user still signed in: one $sign_out")
        func aKilledSignOutRerunByTheRelaunchQueuesOneSignOutEvent() async throws {
            try await Self.trials("signout", prepare: "signin").run { record, number in
                Self.exactlyOne("$sign_out", "user-\(number)", in: record) { $0.distinctId == "user-\(number)" }
            }
        }

        @Test("a kill inside group, then a relaunch that joins the same group again: one $groupidentify")
        func aKilledGroupRerunByTheRelaunchQueuesOneGroupIdentify() async throws {
            try await Self.trials("group").run { record, number in
                Self.exactlyOne("$groupidentify", "team-\(number)", in: record) {
                    $0.properties["$group_key"] == .string("team-\(number)")
                }
            }
        }
    }
}
