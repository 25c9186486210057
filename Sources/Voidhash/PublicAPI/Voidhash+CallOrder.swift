extension Voidhash {
    /// Runs `turn` with the core once every call made before has taken its turn (and, when
    /// `writing`, once protected data can be written), and returns what it returns.
    ///
    /// Every public call that reads or changes the identity, groups, consent, attributes, events
    /// or the person takes its turn here, so calls take effect in the order they were made, also
    /// while storage waits for the device's first unlock. A turn is the call's work on the core,
    /// not its wait for Voidhash (see ``CallStep``). While nothing waits, a call goes to the core
    /// at once, without a task of its own.
    ///
    /// A read (`writing` false) waits for earlier calls only while storage is not open yet. Once
    /// it is, a read answers at once, also while changes wait for the device to be unlocked
    /// again: those take effect at the unlock, and a read made before it does not see them.
    func inCallOrder<Value: Sendable>(
        writing: Bool = true, _ turn: @escaping @Sendable (VoidhashCore) async -> Value
    ) async -> Value {
        if let core = progress.core, !writing || (callOrder.pendingCount == 0 && dataProtection.isAvailable) {
            return await turn(core)
        }
        let loading = loading
        let gate = dataProtection
        return await callOrder.run {
            await turn(writing ? await Self.writable(loading, gate) : await loading.value)
        }
    }

    /// Runs the read `read` as `inCallOrder(writing: false)` does, handing it the ticket it
    /// took (`SharedStorageChecks.ticket()`) before it waited for its turn of the core: reads
    /// asked for at once share a check of what other processes stored.
    func readInCallOrder<Value: Sendable>(
        _ read: @escaping @Sendable (VoidhashCore, _ askedAt: UInt64) async -> Value
    ) async -> Value {
        await inCallOrder(writing: false) { core in
            let asked = core.sharedStorageChecks.ticket()
            return await read(core, asked)
        }
    }

    /// How many calls wait for their turn (for storage, or the device's first unlock).
    var pendingOrderedCalls: Int {
        callOrder.pendingCount
    }
}
