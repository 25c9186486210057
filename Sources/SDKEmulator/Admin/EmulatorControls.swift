import SDKRuntime

/// The test-facing state of one server: request log, faults, holds, and how to reset it.
struct EmulatorControls: Sendable {
    let log: RequestLog
    let faults: FaultTable
    let holds: HoldGate
    let clock: any SDKClock
    /// Routes of the APIs' own admin resources (seeding and reading their state), below `/_admin/`.
    let adminRouter: Router
    let onReset: @Sendable () async -> Void

    /// Clears the log and the faults, lets held requests go, then resets the routes' own state.
    func reset() async {
        log.clear()
        faults.clear()
        holds.release(route: nil)
        await onReset()
    }
}
