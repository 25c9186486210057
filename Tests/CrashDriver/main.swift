import Foundation
import SDKRuntime
import Voidhash

// The crash driver: drives one Voidhash instance against an emulator and logs every call that
// returned, so that ReliabilityTests can kill it at any moment and check what survived; in
// `load` mode, puts one instance under many concurrent callers in a process of its own.

let arguments: DriverArguments
do {
    arguments = try DriverArguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("voidhash-crash-driver: \(error)\n\(DriverArguments.usage)\n".utf8))
    exit(2)
}

// The lowest CPU priority: the driver shares the machine with the test process that runs it
// (and its other suites), and must never starve them.
#if canImport(Glibc)
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
#else
    _ = setpriority(PRIO_PROCESS, 0, 19)
#endif

let store = DriverPurchaseSource()
// Under load the SDK's time runs on a manual clock (see `DriverLoad`). Requests are timed on a
// clock nobody moves, so only Foundation's backstop (over a minute) ends one: at the lowest
// priority beside a busy test process, a loopback answer can take longer than the transport's
// ten seconds, and a timed-out delivery would leave the drain unfinished.
let loadClock = ManualClock(now: Date())
let options = VoidhashOptions(
    baseURL: arguments.baseURL, storageDirectory: arguments.storage,
    transport: URLSessionTransport(clock: ManualClock()),
    clock: arguments.mode == .load ? loadClock : SystemClock(), purchaseSource: store,
    onWarning: { DriverOutput.line("warning \($0.code.rawValue)") },
    onDiagnostic: { DriverOutput.line("diagnostic \($0.code.rawValue)") })
let voidhash: Voidhash
do {
    voidhash = try Voidhash(publishableKey: "vh_pk_test_emulator", options: options)
} catch {
    FileHandle.standardError.write(Data("voidhash-crash-driver: \(error)\n".utf8))
    exit(1)
}

switch arguments.mode {
case .run:
    DriverOutput.line("started")
    DriverOutput.line("identity \(await voidhash.getDistinctId())")
    await DriverScript(voidhash: voidhash, store: store, seed: arguments.seed).run(cycles: arguments.cycles)
case .load:
    await DriverLoad(voidhash: voidhash, store: store, clock: loadClock).run(
        seconds: arguments.seconds, tasks: arguments.tasks)
case .purchases:
    DriverOutput.line("started")
    for index in 0..<arguments.cycles {
        let transaction = "tx-\(arguments.seed)-\(index)"
        store.add(transactionId: transaction, productId: "pro_monthly")
        DriverOutput.line("begin sync \(transaction)")
        _ = try? await voidhash.syncPurchases()
        DriverOutput.line("returned sync \(transaction)")
    }
    // Sent before the process ends: `shutdown()` cancels a request in flight, which the next
    // launch sends again under the same key (at least once, not a second sender).
    await voidhash.flush()
case .signin, .signout, .group:
    // The part of an app that runs at every launch: sign the user in, sign them out if still
    // signed in, or put them in their team; the relaunch after a kill does it again.
    let user = "user-\(arguments.seed)"
    DriverOutput.line("started")
    let identity = await voidhash.getDistinctId()
    DriverOutput.line("identity \(identity)")
    switch arguments.mode {
    case .signin:
        DriverOutput.line("begin signin \(user)")
        _ = try? await voidhash.identifyState(externalUserId: user)
        DriverOutput.line("returned signin \(user)")
    case .signout where identity == user:
        DriverOutput.line("begin signout \(user)")
        await voidhash.signOut()
        DriverOutput.line("returned signout \(user)")
    case .group:
        DriverOutput.line("begin group team-\(arguments.seed)")
        await voidhash.group(type: "team", key: "team-\(arguments.seed)")
        DriverOutput.line("returned group team-\(arguments.seed)")
    default:
        break
    }
    await voidhash.flush()
case .drain:
    await voidhash.flush()
    let pending = await voidhash.pendingDeliveryCount()
    DriverOutput.line("drained pending=\(pending.map(String.init) ?? "unknown")")
}
await voidhash.shutdown()
exit(0)
