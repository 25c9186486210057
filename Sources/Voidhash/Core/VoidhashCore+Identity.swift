import Foundation
import SDKPersistence
import SDKRuntime
import VoidhashAPI

extension VoidhashCore {
    /// Signs the device in as `externalUserId` (see `Voidhash.identifyState`): the identity
    /// switches now; what is left is the wait for Voidhash to confirm the link or the profile.
    func identify(externalUserId: String, email: String?, name: String?) -> CallStep<VoidhashIdentifyResult> {
        if let violation = ExternalUserIdRule.validate(externalUserId) {
            return .failure(.invalidArgument("The external user ID \(violation.message)."))
        }
        return onStoredIdentity { () throws(IdentityChangedElsewhere) in
            try switchIdentity(toUser: externalUserId, email: email, name: name)
        }
    }

    /// `identify` from the identity this instance holds: throws, changing nothing, when another
    /// process changed the stored identity since this instance read it.
    private func switchIdentity(
        toUser externalUserId: String, email: String?, name: String?
    ) throws(IdentityChangedElsewhere) -> CallStep<VoidhashIdentifyResult> {
        let previous = identity
        if let current = previous.externalUserId, TextChecks.isIdentical(current, externalUserId) {
            return try updateProfile(email: email, name: name)
        }
        let next = previous.identified(as: externalUserId, email: email, name: name)
        guard previous.isAnonymous else {
            // From one user to another: nothing is merged, no link is sent.
            try switchIdentity(to: next, cache: .empty(epoch: next.epoch))
            queueProfile(email: email, name: name)
            requestRefresh()
            return .answer(VoidhashIdentifyResult(status: .confirmed, distinctId: next.distinctId))
        }
        let previousCache = cache
        let request = IdentifyRequest(
            anonymousId: previous.distinctId, externalUserId: externalUserId, email: email, name: name)
        guard
            let linkID = try enqueue(
                [.link(request, epoch: next.epoch)], switchingTo: next,
                cache: {
                    PersonCacheRecord(
                        epoch: next.epoch, snapshot: previousCache.snapshot, awaitingLink: $0.first?.rawValue,
                        seenUntil: previousCache.seenUntil)
                })?.first
        else {
            try switchIdentity(to: next, cache: .empty(epoch: next.epoch))
            requestRefresh()
            return .answer(VoidhashIdentifyResult(status: .deferred, distinctId: next.distinctId))
        }
        let wait = awaitOutcome(of: linkID, kind: .link)
        return .waiting {
            await self.answerIdentify(
                outcome: await wait(VoidhashConstants.identifyWait), next: next, previous: previous,
                previousCache: previousCache)
        }
    }

    /// The answer of `identify` once the link's outcome came, or did not within the wait: a
    /// refusal restores the identity before the link (keeping the groups set meanwhile).
    private func answerIdentify(
        outcome: ItemOutcome?, next: IdentityRecord, previous: IdentityRecord,
        previousCache: PersonCacheRecord
    ) -> Result<VoidhashIdentifyResult, VoidhashError> {
        switch outcome {
        case .delivered?:
            return .success(VoidhashIdentifyResult(status: .confirmed, distinctId: next.distinctId))
        case .rejected(let code, let message)?:
            onStoredIdentity { () throws(IdentityChangedElsewhere) in
                guard identity.epoch == next.epoch else { return }
                // Group changes made while waiting stay.
                var restored = previous
                restored.groups = identity.groups
                try switchIdentity(to: restored, cache: previousCache)
            }
            return .failure(VoidhashError(code: VoidhashError.Code(rawValue: code), message: message))
        case .failedForNow?, nil:
            return .success(VoidhashIdentifyResult(status: .deferred, distinctId: next.distinctId))
        }
    }

    /// `identify` with the current user ID: sends changed profile fields, else does nothing.
    private func updateProfile(
        email: String?, name: String?
    ) throws(IdentityChangedElsewhere) -> CallStep<VoidhashIdentifyResult> {
        let (changedEmail, changedName) = identity.changedProfile(email: email, name: name)
        guard changedEmail != nil || changedName != nil else {
            let status: VoidhashIdentifyResult.Status = cache.awaitingLink == nil ? .confirmed : .deferred
            return .answer(VoidhashIdentifyResult(status: status, distinctId: identity.distinctId))
        }
        var updated = identity
        updated.email = changedEmail ?? identity.email
        updated.name = changedName ?? identity.name
        try storeIdentity(updated)
        identity = updated
        let distinctId = identity.distinctId
        guard let id = queueProfile(email: changedEmail, name: changedName) else {
            return .answer(VoidhashIdentifyResult(status: .deferred, distinctId: distinctId))
        }
        let wait = awaitOutcome(of: id, kind: .attributes)
        return .waiting {
            switch await wait(VoidhashConstants.identifyWait) {
            case .delivered?:
                return .success(VoidhashIdentifyResult(status: .confirmed, distinctId: distinctId))
            case .rejected?:
                await self.reportRejection(
                    of: .attributes(distinctId: distinctId, attributes: [:], isProfile: true, epoch: ""))
                return .success(VoidhashIdentifyResult(status: .confirmed, distinctId: distinctId))
            case .failedForNow?, nil:
                return .success(VoidhashIdentifyResult(status: .deferred, distinctId: distinctId))
            }
        }
    }

    /// Queues the built-in profile fields for the current identity, when any is given.
    @discardableResult
    private func queueProfile(email: String?, name: String?) -> QueueItemID? {
        var fields: [String: JSONValue] = [:]
        if let email { fields["email"] = .string(email) }
        if let name { fields["name"] = .string(name) }
        guard !fields.isEmpty else { return nil }
        return enqueue(
            .attributes(
                distinctId: identity.distinctId, attributes: fields, isProfile: true,
                epoch: identity.epoch))
    }

    /// Adopts `options.distinctId` at launch: no request; a stored anonymous identity is linked
    /// in the background. An invalid ID is ignored with a warning.
    func adopt(_ known: String, identityWasStored: Bool) {
        if let violation = ExternalUserIdRule.validate(known) {
            reporter.warn(.invalidDistinctId, "options.distinctId \(violation.message); it was ignored.")
            return
        }
        onStoredIdentity { () throws(IdentityChangedElsewhere) in
            try adoptOnStoredIdentity(known, identityWasStored: identityWasStored)
        }
    }

    /// `adopt` from the identity this instance holds: throws, changing nothing, when another
    /// process changed the stored identity since this instance read it.
    private func adoptOnStoredIdentity(_ known: String, identityWasStored: Bool) throws(IdentityChangedElsewhere) {
        if let current = identity.externalUserId, TextChecks.isIdentical(current, known) { return }
        let next = identity.identified(as: known, email: nil, name: nil)
        let snapshot = cache.snapshot
        let seenUntil = cache.seenUntil
        if identity.isAnonymous, identityWasStored,
            try enqueue(
                [.link(IdentifyRequest(anonymousId: identity.distinctId, externalUserId: known), epoch: next.epoch)],
                switchingTo: next,
                cache: {
                    PersonCacheRecord(
                        epoch: next.epoch, snapshot: snapshot, awaitingLink: $0.first?.rawValue, seenUntil: seenUntil)
                })
                != nil
        {
            return
        }
        try switchIdentity(to: next, cache: .empty(epoch: next.epoch))
        requestRefresh()
    }

    /// Starts a new anonymous identity and analytics session, outside any group (after
    /// recording `$sign_out`, carrying the leaving user's groups, when lifecycle events and
    /// consent are on), and asks Voidhash for its person, as after every identity change.
    /// Queued deliveries, consent and the install record stay.
    ///
    /// The `$sign_out` and the new identity are stored in one transaction, so a relaunch after a
    /// kill finds the user signed out with the event queued, or neither.
    func signOut() {
        onStoredIdentity { () throws(IdentityChangedElsewhere) in
            let events = lifecycleEvents && consent.allowsAnalytics ? [eventWrite(VoidhashConstants.signOutEvent)] : []
            let next = IdentityRecord.newAnonymous()
            let nextCache = PersonCacheRecord(
                epoch: next.epoch, snapshot: .newAnonymous(at: clock.now()), awaitingLink: nil)
            if try enqueue(events, switchingTo: next, cache: { _ in nextCache }) == nil {
                adoptIdentity(next, cache: nextCache)  // reported; this launch goes on signed out
            }
            requestRefresh()  // the pages refresh the person after every identity change
        }
        kickDelivery()
    }

    /// The distinct ID in use, for a read asked for at `ticket` (`SharedStorageChecks.ticket()`).
    func distinctId(askedAt ticket: UInt64) -> String {
        followSharedStorage(askedAt: ticket)
        return identity.distinctId
    }

    /// Sets and stores the analytics consent.
    func setConsent(_ newConsent: VoidhashAnalyticsConsent) {
        consent = newConsent
        do throws(StorageError) {
            try storage.keyValues.set(newConsent, forKey: StoreKeys.consent)
        } catch {
            reporter.diagnose(.storageWriteFailed, "Could not store the consent (\(error)).")
        }
    }

    /// The analytics consent, for a read asked for at `ticket` (`SharedStorageChecks.ticket()`).
    func analyticsConsent(askedAt ticket: UInt64) -> VoidhashAnalyticsConsent {
        followSharedStorage(askedAt: ticket)
        return consent
    }
}
