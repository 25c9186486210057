import Foundation
import SDKRuntime
import Voidhash

// The crash driver: drives one Voidhash instance against an emulator and logs every call that
// returned, so that ReliabilityTests can kill it at any moment and check what survived.

let arguments: DriverArguments
do {
    arguments = try DriverArguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("voidhash-crash-driver: \(error)\n\(DriverArguments.usage)\n".utf8))
    exit(2)
}

let store = DriverPurchaseSource()
let options = VoidhashOptions(
    baseURL: arguments.baseURL, storageDirectory: arguments.storage, purchaseSource: store,
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
    await DriverScript(voidhash: voidhash, store: store, seed: arguments.seed).run(cycles: arguments.cycles)
case .drain:
    await voidhash.flush()
    let pending = await voidhash.pendingDeliveryCount()
    DriverOutput.line("drained pending=\(pending.map(String.init) ?? "unknown")")
}
await voidhash.shutdown()
exit(0)
