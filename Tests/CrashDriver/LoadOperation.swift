import Foundation
import SDKRuntime
import Voidhash

/// One public call of `Voidhash`, as the load test makes it.
///
/// `restorePurchases` (which records every purchase of the store again) runs a few times per
/// run; the other picks of it sync instead. Consent is only ever granted here, so that every `signOut` and `reset` records exactly one
/// `$sign_out` event and the test can count them.
enum LoadOperation: String, CaseIterable, Sendable {
    case identify, identifyState, getDistinctId, signOut, reset, setAnalyticsConsent, analyticsConsent
    case setPersonAttributes, setPersonAttributesState, syncPurchases, restorePurchases
    case getCurrentPerson, getCurrentPersonState, resetPersonCache, personUpdates, flush
    case pendingDeliveryCount, isAnonymousDistinctId, group, setGroups, groups, resetGroups, capture

    /// Makes the call on `voidhash` as task `task` and counts it in `ledger`. Logs
    /// `returned purchase <transaction>`, `returned capture <marker>` and `returned signout` for
    /// what the harness checks on the emulator, and `error <method> <error>` for a call that threw.
    func perform(on voidhash: Voidhash, store: DriverPurchaseSource, task: Int, ledger: LoadLedger) async {
        do {
            try await call(voidhash, store: store, task: task, ledger: ledger)
            ledger.count(self)
        } catch {
            DriverOutput.line("error \(rawValue) \(error)")
        }
    }

    private func call(
        _ voidhash: Voidhash, store: DriverPurchaseSource, task: Int, ledger: LoadLedger
    ) async throws {
        let user = "load-user-\(task % 37)"
        switch self {
        case .identify:
            try await voidhash.identify(externalUserId: user, email: "\(user)@example.com")
        case .identifyState:
            _ = try await voidhash.identifyState(externalUserId: user, name: "User \(task)")
        case .getDistinctId:
            _ = await voidhash.getDistinctId()
        case .signOut:
            await voidhash.signOut()
            DriverOutput.line("returned signout")
        case .reset:
            await voidhash.reset()
            DriverOutput.line("returned signout")
        case .setAnalyticsConsent:
            await voidhash.setAnalyticsConsent(.granted)
        case .analyticsConsent:
            _ = await voidhash.analyticsConsent()
        case .setPersonAttributes:
            try await voidhash.setPersonAttributes(["task_\(task % 11)": .number(Double(task)), "stale": nil])
        case .setPersonAttributesState:
            _ = try await voidhash.setPersonAttributesState(["plan": .string("p\(task % 3)"), "beta": .bool(true)])
        case .syncPurchases, .restorePurchases:
            let transaction = ledger.nextTransactionId()
            store.add(transactionId: transaction, productId: task.isMultiple(of: 2) ? "pro_monthly" : "lifetime_boost")
            // A restore records every purchase of the store again: a few per run, not hundreds.
            if self == .restorePurchases, ledger.claimRestore() {
                try await voidhash.restorePurchases()
            } else {
                try await voidhash.syncPurchases()
            }
            DriverOutput.line("returned purchase \(transaction)")
        case .getCurrentPerson:
            _ = try await voidhash.getCurrentPerson(forceFetch: task.isMultiple(of: 5))
        case .getCurrentPersonState:
            _ = try await voidhash.getCurrentPersonState()
        case .resetPersonCache:
            await voidhash.resetPersonCache()
        case .personUpdates:
            var updates = voidhash.personUpdates().makeAsyncIterator()
            _ = await updates.next()
        case .flush:
            await voidhash.flush()
        case .pendingDeliveryCount:
            _ = await voidhash.pendingDeliveryCount()
        case .isAnonymousDistinctId:
            _ = Voidhash.isAnonymousDistinctId(await voidhash.getDistinctId())
        case .group:
            await voidhash.group(
                type: "company", key: "acme-\(task % 13)", properties: ["seats": .number(Double(task))])
        case .setGroups:
            await voidhash.setGroups([
                "company": VoidhashGroup(id: "acme-\(task % 13)"), "team": VoidhashGroup(id: "team-\(task % 5)"),
            ])
        case .groups:
            _ = await voidhash.groups
        case .resetGroups:
            await voidhash.resetGroups()
        case .capture:
            let marker = ledger.nextMarker()
            await voidhash.capture(
                "load_event", properties: ["marker": .string(marker), "task": .number(Double(task))])
            DriverOutput.line("returned capture \(marker)")
        }
    }
}
