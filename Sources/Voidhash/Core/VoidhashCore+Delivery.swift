import Foundation
import SDKRuntime
import VoidhashAPI

extension VoidhashCore {
    /// Applies what became of one queued write: caches the person it answered with (for the
    /// identity that made it), hands the outcome to a call still waiting, and handles outcomes
    /// nobody waits for any more.
    func settle(_ report: ItemReport) {
        switch report.result {
        case .delivered(let answer, let outcome):
            if case .link = report.write {
                settleLink(report, answer: answer, outcome: outcome)
            } else if let answer {
                let applied = applyPerson(answer, epoch: report.write.epoch, sequence: report.sequence)
                if !applied, case .purchase = report.write, report.write.epoch != identity.epoch {
                    // Bought under an earlier identity (say, before signing in): the answer is
                    // not the current person's, but the current person may now hold it.
                    var outdated = cache
                    outdated.isOutdated = true
                    setCache(outdated)
                    persistCache()
                    requestRefresh()
                }
            }
            itemWaits[report.id]?.wait.deliver(.delivered)
        case .rejected(let code, let message):
            // Profile fields refused with an attributes write or a link never reached Voidhash.
            let refused = report.write.profileFields
            if !refused.isEmpty {
                onStoredIdentity { () throws(IdentityChangedElsewhere) in
                    if report.write.epoch == identity.epoch, identity.noteRefused(refused) {
                        try storeIdentity(identity)
                    }
                }
            }
            let taken = itemWaits[report.id]?.wait.deliver(.rejected(code: code, message: message)) ?? false
            if !taken { handleLateRejection(report) }
        case .failedForNow(let error):
            itemWaits[report.id]?.wait.deliver(.failedForNow)
            noteAuthenticationFailure(error)
            if case .link = report.write, cache.awaitingLink == report.id.rawValue {
                lastLinkFailure = error
                lastRefreshFailed = true
                broadcastRefresh(.failed(error))
            }
        }
    }

    private func settleLink(_ report: ItemReport, answer: Person?, outcome: IdentifyOutcome?) {
        if outcome == .anonymousIdClaimed {
            reporter.diagnose(
                .personWriteRejected,
                "The anonymous ID already belongs to another person; signed in without its history.")
        }
        guard report.write.epoch == identity.epoch else { return }
        let applied = applyPerson(
            answer, epoch: report.write.epoch, sequence: report.sequence,
            confirmsLink: report.id.rawValue)
        if !applied, cache.awaitingLink == report.id.rawValue {
            var confirmed = cache
            confirmed.awaitingLink = nil
            setCache(confirmed)
            persistCache()
        }
        lastRefreshFailed = false
        broadcastRefresh(.updated)
    }

    /// A refusal that arrived after its call stopped waiting: reported and dropped (a link as
    /// `dropRefusedLink(_:)` says).
    private func handleLateRejection(_ report: ItemReport) {
        reportRejection(of: report.write)
        guard case .link = report.write else { return }
        dropRefusedLink(report.id)
    }

    /// Forgets the awaited identity link `id`, refused with nobody waiting: the user stays
    /// signed in, and the anonymous snapshot no longer applies, so the person is fetched again.
    private func dropRefusedLink(_ id: QueueItemID) {
        guard cache.awaitingLink == id.rawValue else { return }
        setCache(.empty(epoch: identity.epoch))
        persistCache()
        lastRefreshFailed = false
        broadcastRefresh(.superseded)
        requestRefresh()
    }

    /// Delivery stopped with items left (a back-off, a pause, a storage failure) at the end of
    /// drain number `drain`: calls waiting for a queued write that this drain or an earlier one
    /// was asked to try learn at once that it is not coming now, instead of waiting out their
    /// time limits, and so do reads waiting for the awaited identity link, unless a forced read
    /// asked a later drain to try it (the stall of the drain that failed the link can reach the
    /// core after the read began).
    func deliveryStalled(drain: UInt64) {
        lastStalledDrain = max(lastStalledDrain, drain)
        for waiter in itemWaits.values where waiter.attemptDrain.map({ $0 <= drain }) == true {
            waiter.wait.deliver(.failedForNow)
        }
        // A forced read asked a later drain to try the link: that one's end answers it.
        if let attempt = linkAttemptDrain, attempt > drain { return }
        failReadsWaitingForLink()
    }

    /// The drain that will try the awaited link for the forced read that made link-attempt
    /// request `request`, once the outbox said it (see `linkAttemptDrain`); if it already
    /// stalled, the waiting reads learn now. An answer to an earlier request changes nothing.
    func noteLinkAttempt(drain: UInt64, request: UInt64) {
        // The reads were answered meanwhile, or a later forced read asked again.
        guard linkAttemptDrain != nil, request == linkAttemptRequests else { return }
        linkAttemptDrain = drain
        if lastStalledDrain >= drain { failReadsWaitingForLink() }
    }

    /// Tells the reads waiting for the awaited identity link that it is not coming now.
    private func failReadsWaitingForLink() {
        guard cache.awaitingLink != nil, !refreshWaits.isEmpty else { return }
        lastRefreshFailed = true
        broadcastRefresh(
            .failed(
                lastLinkFailure
                    ?? APIError(category: .unreachable, message: "Delivery is waiting to retry.")))
    }

    /// Delivery emptied the queue, or another process holds the delivery claim. An awaited item
    /// the queue no longer holds was sent by another process on the same storage (an app and its
    /// extension), which removes an item only once Voidhash answered, keeps why Voidhash refused
    /// one (`DeliveryQueue.refusals(among:)`) and reports the refusal itself. The call waiting
    /// for such an item goes on as if this process had sent it, instead of waiting out its time
    /// limit: delivered, or refused with Voidhash's error. An awaited identity link nobody waits
    /// for any more is taken as confirmed, so the person is fetched, or, refused, is dropped as
    /// a late refusal is. This process's own items were reported before its drain ended.
    func settleDeliveredElsewhere() {
        let link = cache.awaitingLink.map(QueueItemID.init(rawValue:))
        var awaited = Set(itemWaits.keys)
        if let link { awaited.insert(link) }
        guard !awaited.isEmpty, let stored = try? storage.queue.storedIDs(among: Array(awaited)) else { return }
        let gone = Array(awaited.subtracting(stored))
        guard !gone.isEmpty, let refusals = try? storage.queue.refusals(among: gone) else { return }
        var linkTaken = false
        for id in gone {
            let outcome = refusals[id].map { ItemOutcome.rejected(code: $0.code, message: $0.message) } ?? .delivered
            let taken = itemWaits[id]?.wait.deliver(outcome) ?? false
            if id == link { linkTaken = taken }
        }
        guard let link, gone.contains(link) else { return }
        if refusals[link] != nil {
            // A waiting identify restores the identity before the link itself.
            if !linkTaken { dropRefusedLink(link) }
            return
        }
        var confirmed = cache
        confirmed.awaitingLink = nil
        setCache(confirmed)
        persistCache()
        requestRefresh()
    }

    /// Waits for what becomes of the queued items `ids`, all of `kind`: the closure returned asks
    /// for an attempt of their lane that ignores its back-off (a call waiting for its own item tries
    /// Voidhash now, see `Outbox.attempt(through:)`), waits at most the time it is
    /// given (on the SDK's clock), and answers each item's outcome in order, `nil` for those
    /// whose outcome had not come when the time passed.
    func awaitOutcomes(
        of ids: [QueueItemID], kind: QueuedWrite.Kind
    ) -> @Sendable (Duration) async -> [ItemOutcome?] {
        let lane = kind.lane
        let waits = ids.map { id in
            let waiter = ItemWaiter()
            itemWaits[id] = waiter
            return waiter.wait
        }
        let clock = clock
        return { limit in
            await self.askForAttempt(of: ids, through: lane)
            _ = try? await withDeadline(limit, clock: clock) {
                for wait in waits { _ = await wait.outcome() }
            }
            for wait in waits { wait.expire() }
            await self.stopWaitingForItems(ids)
            return waits.map { $0.decision ?? nil }
        }
    }

    /// `awaitOutcomes(of:kind:)` for one item.
    func awaitOutcome(of id: QueueItemID, kind: QueuedWrite.Kind) -> @Sendable (Duration) async -> ItemOutcome? {
        let wait = awaitOutcomes(of: [id], kind: kind)
        return { limit in await wait(limit).first ?? nil }
    }

    /// Asks delivery to try `lane` now and records which drain will; when that drain already
    /// stalled, the waits end as failed for now.
    private func askForAttempt(of ids: [QueueItemID], through lane: DeliveryLane) async {
        let drain = await outbox.attempt(through: lane)
        for id in ids {
            itemWaits[id]?.attemptDrain = drain
            if lastStalledDrain >= drain { itemWaits[id]?.wait.deliver(.failedForNow) }
        }
    }

    private func stopWaitingForItems(_ ids: [QueueItemID]) {
        for id in ids { itemWaits[id] = nil }
    }

    /// Reports that Voidhash refused `write` for good and it was dropped.
    func reportRejection(of write: QueuedWrite) {
        if case .event = write {
            reporter.diagnose(.eventRejected, "Voidhash refused an analytics event; it was dropped.")
        } else {
            reporter.diagnose(.personWriteRejected, "Voidhash refused \(write.summary); it was dropped.")
        }
    }

    /// Reports a refused publishable key once per instance.
    func noteAuthenticationFailure(_ error: APIError) {
        guard authentication.shouldReport(error) else { return }
        reporter.diagnose(
            .authenticationFailed, "Voidhash refused the publishable key; queued work stays queued.")
    }
}
