import Foundation
import SDKEmulator
import SDKRuntime
import VoidhashAPI

/// The promises a killed-and-restarted driver must keep, checked against what the emulator holds.
///
/// - Every call that returned has its effect on the emulator exactly once: the identity link,
///   the attribute, the `$groupidentify`, the captured event (stamped with the group joined
///   before it), the purchase (by transaction ID), the `$sign_out` event.
/// - No call, returned or not, has its effect twice, nor was queued twice (two idempotency keys
///   for one link or one purchase).
/// - A purchase made after an identify arrived after that identify's link.
struct CrashChecks {
    /// The driver's calls.
    let log: DriverLog
    /// What the emulator holds.
    let record: EmulatorRecord
    /// The emulator's people, for attributes.
    let state: VoidhashEmulatorState

    /// Every broken promise, in words.
    var violations: [String] {
        log.calls.flatMap(violations(of:))
    }

    /// Whether the effect of `call` is on the emulator.
    func isApplied(_ call: DriverLog.Call) -> Bool {
        switch call.kind {
        case .identify:
            return record.links[call.fields["anon"] ?? ""] == call.subject
        case .attributes:
            return state.person(call.fields["user"] ?? "")?.attributes[call.subject] == expectedValue(call)
        case .group:
            return !groupIdentifies(call.subject).isEmpty
        case .capture:
            return !captures(call.subject).isEmpty
        case .purchase:
            return !record.purchases(transactionId: call.subject).isEmpty
        case .signout:
            return signOutCount(call.subject) > 0
        }
    }

    private func violations(of call: DriverLog.Call) -> [String] {
        var found: [String] = []
        let name = "\(call.kind.rawValue) \(call.subject)"
        if call.returned, !isApplied(call) { found.append("\(name) returned but is not on the emulator") }
        switch call.kind {
        case .identify:
            if EmulatorRecord.itemCount(record.linkArrivals[call.fields["anon"] ?? ""]) > 1 {
                found.append("\(name) was queued more than once")
            }
        case .attributes:
            break
        case .group:
            let count = groupIdentifies(call.subject).count
            if count > 1 { found.append("\(name) recorded \(count) $groupidentify events") }
        case .capture:
            let events = captures(call.subject)
            if events.count > 1 { found.append("\(name) recorded \(events.count) events") }
            let stamped = events.first?.properties["$groups"]
            if let event = events.first, stamped != .object(["company": .string(call.fields["group"] ?? "")]) {
                found.append("\(name) carries $groups \(String(describing: stamped)) (distinct ID \(event.distinctId))")
            }
        case .purchase:
            let stored = record.purchases(transactionId: call.subject)
            if stored.count > 1 { found.append("\(name) is stored \(stored.count) times") }
            if call.returned, let holder = stored.first?.distinctId, holder != call.fields["user"] {
                found.append("\(name) is held by \(holder), not \(call.fields["user"] ?? "?")")
            }
            let arrivals = record.purchaseArrivals[call.subject]
            if EmulatorRecord.itemCount(arrivals) > 1 { found.append("\(name) was queued more than once") }
            if let orderProblem = orderViolation(of: call, arrivals: arrivals) { found.append(orderProblem) }
        case .signout:
            let count = signOutCount(call.subject)
            if count > 1 { found.append("\(name) recorded \(count) $sign_out events") }
        }
        return found
    }

    /// A purchase that reached the emulator before the link of the identify that preceded it.
    private func orderViolation(of call: DriverLog.Call, arrivals: [EmulatorRecord.Arrival]?) -> String? {
        guard let purchaseArrival = arrivals?.map(\.sequence).min(),
            let identify = log.calls.first(where: { $0.kind == .identify && $0.subject == call.fields["user"] }),
            identify.returned
        else { return nil }
        guard let linkArrival = record.linkArrivals[identify.fields["anon"] ?? ""]?.map(\.sequence).min() else {
            return "purchase \(call.subject) arrived but the link of \(identify.subject) never did"
        }
        return linkArrival < purchaseArrival
            ? nil : "purchase \(call.subject) arrived before the link of \(identify.subject)"
    }

    /// The `$groupidentify` events for the company `key`.
    private func groupIdentifies(_ key: String) -> [Event] {
        record.events.filter { $0.event == "$groupidentify" && $0.properties["$group_key"] == .string(key) }
    }

    /// The `cycle_done` events marked `marker`.
    private func captures(_ marker: String) -> [Event] {
        record.events.filter { $0.event == "cycle_done" && $0.properties["marker"] == .string(marker) }
    }

    private func signOutCount(_ user: String) -> Int {
        record.events.filter { $0.event == "$sign_out" && $0.distinctId == user }.count
    }

    /// `a_3` was set to 3.
    private func expectedValue(_ call: DriverLog.Call) -> JSONValue? {
        Double(call.subject.dropFirst(2)).map(JSONValue.number)
    }
}
