import Foundation
import SDKRuntime
import Voidhash
import VoidhashAPI

/// The calls `run` makes, each logged as `begin <call> <subject>` before it starts and
/// `returned <call> <subject> ...` once it returned to the driver; `identity <distinct ID>` when
/// it starts (printed by the caller) and before it ends.
///
/// A cycle: identify as a new user (which links the anonymous ID), set an attribute only this
/// cycle sets, join a group only this cycle uses (a `$groupidentify` event), capture an event
/// marked with the cycle, buy two products, and sign out (which records a `$sign_out` event and
/// starts a new anonymous ID).
struct DriverScript {
    /// The instance under test.
    let voidhash: Voidhash
    /// The store the purchases come from.
    let store: DriverPurchaseSource
    /// Makes names unique per trial.
    let seed: UInt64

    /// Runs `cycles` cycles.
    func run(cycles: Int) async {
        for cycle in 0..<cycles {
            let user = "user-\(seed)-\(cycle)"
            let anonymous = await voidhash.getDistinctId()
            DriverOutput.line("begin identify \(user) anon=\(anonymous)")
            do {
                let result = try await voidhash.identifyState(externalUserId: user)
                DriverOutput.line("returned identify \(user) anon=\(anonymous) status=\(result.status)")
            } catch {
                DriverOutput.line("threw identify \(user) \(error.code.rawValue)")
            }
            let key = "a_\(cycle)"
            DriverOutput.line("begin attributes \(key) user=\(user)")
            do {
                let result = try await voidhash.setPersonAttributesState([key: .number(Double(cycle))])
                DriverOutput.line("returned attributes \(key) user=\(user) status=\(result.status)")
            } catch {
                DriverOutput.line("threw attributes \(key) \(error.code.rawValue)")
            }
            let group = "acme-\(seed)-\(cycle)"
            DriverOutput.line("begin group \(group) user=\(user)")
            await voidhash.group(type: "company", key: group, properties: ["name": .string("Acme \(cycle)")])
            DriverOutput.line("returned group \(group) user=\(user)")
            let marker = "cap-\(seed)-\(cycle)"
            DriverOutput.line("begin capture \(marker) user=\(user) group=\(group)")
            await voidhash.capture("cycle_done", properties: ["marker": .string(marker)])
            DriverOutput.line("returned capture \(marker) user=\(user) group=\(group)")
            for item in 1...2 {
                let transaction = "tx-\(seed)-\(cycle)-\(item)"
                store.add(transactionId: transaction, productId: "pro_monthly")
                DriverOutput.line("begin purchase \(transaction) user=\(user)")
                do {
                    try await voidhash.syncPurchases()
                    DriverOutput.line("returned purchase \(transaction) user=\(user)")
                } catch {
                    DriverOutput.line("threw purchase \(transaction) \(error.code.rawValue)")
                }
            }
            DriverOutput.line("begin signout \(user)")
            await voidhash.signOut()
            DriverOutput.line("returned signout \(user)")
        }
        await voidhash.flush()
        DriverOutput.line("identity \(await voidhash.getDistinctId())")
        DriverOutput.line("done pending=\(await voidhash.pendingDeliveryCount().map(String.init) ?? "unknown")")
    }
}
