import Foundation
import SDKPersistence
import SDKRuntime
import VoidhashAPI

extension VoidhashCore {
    /// The cached snapshot's freshness now.
    var freshness: PersonCacheRecord.Freshness { cache.freshness(at: clock.now()) }

    /// The current person and how far to trust it (see `Voidhash.getCurrentPersonState`), for a
    /// read asked for at `ticket` (`SharedStorageChecks.ticket()`): the person of the identity
    /// in use then, also when another process on the same storage signed in or out just before.
    ///
    /// A fresh snapshot is served at once; a stale one after a refresh of at most
    /// `VoidhashConstants.staleReadWait`; with nothing cached, or with `forceFetch`, the read
    /// waits up to `VoidhashConstants.requestTimeout`. The refresh is asked for now, for the
    /// identity of now; what is left is the wait for it.
    func personState(forceFetch: Bool, askedAt ticket: UInt64) -> CallStep<VoidhashPersonState> {
        followSharedStorage(askedAt: ticket)
        noteSnapshotRead()
        let limit: Duration? =
            if forceFetch {
                VoidhashConstants.requestTimeout
            } else {
                switch freshness {
                case .fresh: nil
                case .stale: VoidhashConstants.staleReadWait
                case .none: VoidhashConstants.requestTimeout
                }
            }
        guard let limit else { return .answer(readAnswer.state(isStale: false, reason: .fresh)) }
        let refresh = refreshWait(now: forceFetch)
        return .waiting {
            let outcome = await refresh(limit)
            return await self.answerRead(after: outcome)
        }
    }

    /// Notes the time of a read in the cached snapshot and stores it when it moved
    /// (`PersonCacheRecord.noteRead(at:)`: at most once per `VoidhashConstants.personStaleAfter`),
    /// so that a later launch too measures the snapshot's age from there.
    ///
    /// The mark goes into the stored record only while that holds the same snapshot, read and
    /// written in one transaction: another process on the same storage (an app's extension) may
    /// have stored a newer one since, which a read here must not replace with this older one.
    /// The later of the two marks is kept.
    private func noteSnapshotRead() {
        var read = cache
        guard read.noteRead(at: clock.now()) else { return }
        setCache(read)
        let noted = read
        do throws(StorageError) {
            try storage.keyValues.update { (reader) throws(StorageError) in
                guard var stored = try? reader.value(PersonCacheRecord.self, forKey: StoreKeys.person),
                    stored.holdsTheSnapshot(of: noted), let seenUntil = noted.seenUntil
                else { return ((), KeyValueBatch()) }
                stored.seenUntil = max(stored.seenUntil ?? seenUntil, seenUntil)
                var batch = KeyValueBatch()
                try batch.set(stored, forKey: StoreKeys.person)
                return ((), batch)
            }
        } catch {
            reporter.diagnose(.storageWriteFailed, "Could not store the person (\(error)).")
        }
    }

    /// The answer of a read whose refresh ended with `outcome` (`nil`: it did not come in time).
    private func answerRead(after outcome: RefreshOutcome?) -> Result<VoidhashPersonState, VoidhashError> {
        readAnswer.after(outcome, authentication: &authentication)
    }

    /// The read's answer as the cache stands now (`PersonReadAnswer`).
    private var readAnswer: PersonReadAnswer {
        PersonReadAnswer(cache: cache, person: person, lastRefreshFailed: lastRefreshFailed, now: clock.now())
    }

    /// Starts a refresh (or joins the one under way) and waits for its outcome at most `limit`.
    func awaitRefresh(within limit: Duration) async -> RefreshOutcome? {
        await refreshWait()(limit)
    }

    /// Starts a refresh (or joins the one under way), `now` even while delivery backs off (see
    /// `requestRefresh(now:)`): the closure returned waits for its outcome at most the time it
    /// is given, and answers `nil` when the time passed first.
    private func refreshWait(now: Bool = false) -> @Sendable (Duration) async -> RefreshOutcome? {
        let wait = OutcomeWait<RefreshOutcome>()
        refreshWaits.append(wait)
        requestRefresh(now: now)
        let clock = clock
        return { limit in
            let outcome = await wait.outcome(within: limit, clock: clock)
            await self.stopWaitingForRefresh(wait)
            return outcome
        }
    }

    private func stopWaitingForRefresh(_ wait: OutcomeWait<RefreshOutcome>) {
        refreshWaits.removeAll { $0 === wait }
        if refreshWaits.isEmpty { linkAttemptDrain = nil }
    }

    /// Hands `outcome` to every waiting read.
    func broadcastRefresh(_ outcome: RefreshOutcome) {
        let waits = refreshWaits
        refreshWaits.removeAll()
        linkAttemptDrain = nil
        for wait in waits { wait.deliver(outcome) }
    }

    /// Asks Voidhash for the current person, unless a request for this identity is under way.
    /// While an identity link is unconfirmed, the link's answer is the refresh: delivery is
    /// kicked instead (a fetch before the link would miss the anonymous history), and with
    /// `now` (a forced read, which asks Voidhash now) the link is tried at once even while
    /// delivery backs off, as a call waiting for its own item is.
    func requestRefresh(now: Bool = false) {
        if cache.awaitingLink != nil {
            guard now else {
                kickDelivery()
                return
            }
            linkAttemptDrain = .max
            linkAttemptRequests += 1
            let request = linkAttemptRequests
            let outbox = outbox
            Task { [weak self] in
                let drain = await outbox.attempt(through: QueuedWrite.Kind.link.lane)
                await self?.noteLinkAttempt(drain: drain, request: request)
            }
            return
        }
        if let inFlight = refreshInFlight, inFlight.epoch == identity.epoch { return }
        let epoch = identity.epoch
        let distinctId = identity.distinctId
        let sequence = sequencer.next()
        refreshInFlight = (epoch, sequence)
        let client = client
        Task { [weak self] in
            let result = await Self.fetchPerson(distinctId, client: client)
            await self?.finishRefresh(epoch: epoch, sequence: sequence, result: result)
        }
    }

    /// The person of `distinctId`; `nil` when Voidhash has none (`PERSON_NOT_FOUND` with its
    /// status, 404: the code on another status, such as a 503 from something in between, is
    /// no answer about the person). A snapshot of another distinct ID is no answer either.
    private static func fetchPerson(
        _ distinctId: String, client: VoidhashClient
    ) async -> Result<Person?, APIError> {
        do {
            let person = try await client.getPerson(distinctId: distinctId)
            guard TextChecks.isIdentical(person.distinctId, distinctId) else {
                return .failure(
                    APIError(
                        category: .invalidResponse, status: 200,
                        message: "Voidhash answered with the snapshot of another distinct ID."))
            }
            return .success(person)
        } catch {
            if error.voidhashCode == .personNotFound, error.status == 404 { return .success(nil) }
            return .failure(error)
        }
    }

    private func finishRefresh(epoch: String, sequence: UInt64, result: Result<Person?, APIError>) {
        if refreshInFlight?.sequence == sequence { refreshInFlight = nil }
        guard epoch == identity.epoch, !isShutDown else { return }
        switch result {
        case .success(let fetched):
            applyPerson(fetched, epoch: epoch, sequence: sequence)
            lastRefreshFailed = false
            broadcastRefresh(.updated)
        case .failure(let error):
            lastRefreshFailed = true
            noteAuthenticationFailure(error)
            broadcastRefresh(.failed(error))
        }
    }

    /// Caches `fetched` as the current person when it answers a request of the current
    /// identity that started after the one whose answer is cached, and is that identity's
    /// snapshot (its distinct ID). Returns whether it did.
    @discardableResult
    func applyPerson(_ fetched: Person?, epoch: String, sequence: UInt64, confirmsLink: String? = nil) -> Bool {
        guard epoch == identity.epoch, sequence > lastAppliedSequence else { return false }
        // A snapshot of another distinct ID never grants this one's access.
        if let fetched, !TextChecks.isIdentical(fetched.distinctId, identity.distinctId) { return false }
        guard cache.awaitingLink == nil || cache.awaitingLink == confirmsLink else { return false }
        lastAppliedSequence = sequence
        setCache(
            PersonCacheRecord(
                epoch: epoch, snapshot: PersonSnapshot(person: fetched, fetchedAt: clock.now()),
                awaitingLink: nil))
        persistCache()
        return true
    }

    /// Drops the cached snapshot so the next read asks Voidhash; answers to requests already
    /// under way are not applied.
    func resetPersonCache() {
        lastAppliedSequence = sequencer.current
        refreshInFlight = nil
        setCache(PersonCacheRecord(epoch: identity.epoch, snapshot: nil, awaitingLink: cache.awaitingLink))
        persistCache()
    }

    /// Registers a subscriber and gives it the current person at once.
    func addObserver(_ id: UUID, _ continuation: AsyncStream<VoidhashPerson?>.Continuation) {
        observers[id] = continuation
        continuation.yield(person)
    }

    /// Removes a subscriber.
    func removeObserver(_ id: UUID) {
        observers[id] = nil
    }
}
