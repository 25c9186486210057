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
            itemWaits[report.id]?.deliver(.delivered)
        case .rejected(let code, let message):
            let taken = itemWaits[report.id]?.deliver(.rejected(code: code, message: message)) ?? false
            if !taken { handleLateRejection(report) }
        case .failedForNow(let error):
            itemWaits[report.id]?.deliver(.failedForNow)
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

    /// A refusal that arrived after its call stopped waiting: reported and dropped. A refused
    /// link keeps the user signed in; the anonymous snapshot no longer applies, so the person
    /// is fetched again.
    private func handleLateRejection(_ report: ItemReport) {
        reportRejection(of: report.write)
        guard case .link = report.write, cache.awaitingLink == report.id.rawValue else { return }
        setCache(.empty(epoch: identity.epoch))
        persistCache()
        lastRefreshFailed = false
        broadcastRefresh(.superseded)
        requestRefresh()
    }

    /// Delivery stopped with items left (a back-off, a pause, a storage failure): calls waiting
    /// for a queued write, and reads waiting for the awaited identity link, learn at once that
    /// it is not coming now instead of waiting out their time limits.
    func deliveryStalled() {
        for wait in itemWaits.values { wait.deliver(.failedForNow) }
        guard cache.awaitingLink != nil, !refreshWaits.isEmpty else { return }
        lastRefreshFailed = true
        broadcastRefresh(
            .failed(
                lastLinkFailure
                    ?? APIError(category: .unreachable, message: "Delivery is waiting to retry.")))
    }

    /// Delivery emptied the queue, or another process holds the delivery claim. An awaited item
    /// the queue no longer holds was sent by another process on the same storage (an app and its
    /// extension), which removes an item only once Voidhash answered (and reports a refusal
    /// itself): the call waiting for it goes on as delivered instead of waiting out its time
    /// limit, and an awaited identity link is taken as confirmed, so the person is fetched. This
    /// process's own items were reported before its drain ended.
    func settleDeliveredElsewhere() {
        let link = cache.awaitingLink.map(QueueItemID.init(rawValue:))
        let awaited = Array(itemWaits.keys) + (link.map { [$0] } ?? [])
        guard !awaited.isEmpty, let stored = try? Set(storage.queue.storedIDs(among: awaited)) else { return }
        for id in itemWaits.keys where !stored.contains(id) { itemWaits[id]?.deliver(.delivered) }
        guard let link, !stored.contains(link) else { return }
        var confirmed = cache
        confirmed.awaitingLink = nil
        setCache(confirmed)
        persistCache()
        requestRefresh()
    }

    /// Waits for what becomes of the queued item `id` and starts delivery: the closure returned
    /// waits at most the time it is given (on the SDK's clock) and answers the outcome, or `nil`
    /// when the time passed first.
    func awaitOutcome(of id: QueueItemID) -> @Sendable (Duration) async -> ItemOutcome? {
        let wait = OutcomeWait<ItemOutcome>()
        itemWaits[id] = wait
        kickDelivery()
        let clock = clock
        return { limit in
            let outcome = await wait.outcome(within: limit, clock: clock)
            await self.stopWaitingForItem(id)
            return outcome
        }
    }

    private func stopWaitingForItem(_ id: QueueItemID) {
        itemWaits[id] = nil
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
        guard error.category == .authenticationFailed, !hasReportedAuthenticationFailure else { return }
        hasReportedAuthenticationFailure = true
        reporter.diagnose(
            .authenticationFailed, "Voidhash refused the publishable key; queued work stays queued.")
    }
}
