import Foundation

/// What a read of the person answers, by the rules of the Check access page: a pure function of
/// the cache, the outcome of the refresh the read waited for, and whether the instance already
/// threw for a refused key.
struct PersonReadAnswer: Sendable {
    /// The cached snapshot, as the read finds it once its wait ended.
    var cache: PersonCacheRecord
    /// `cache`'s person, wrapped.
    var person: VoidhashPerson?
    /// Whether the last refresh (or identity link attempt) failed.
    var lastRefreshFailed: Bool
    /// The time of the answer.
    var now: Date

    /// The state of the cache with `isStale` and `reason`.
    func state(isStale: Bool, reason: VoidhashPersonState.Reason) -> VoidhashPersonState {
        cache.state(person: person, isStale: isStale, reason: reason, at: now)
    }

    /// The answer of a read whose refresh ended with `outcome` (`nil`: it did not come within
    /// the read's wait). A refused publishable key throws `AUTHENTICATION_FAILED` once per
    /// instance, and only when nothing Voidhash answered is cached (`authentication` keeps the
    /// once); otherwise a failure answers the cache, stale, `refreshFailed`, or `noCache` when
    /// nothing is cached at all.
    func after(
        _ outcome: RefreshOutcome?, authentication: inout AuthenticationLatch
    ) -> Result<VoidhashPersonState, VoidhashError> {
        switch outcome {
        case .updated?, .superseded?:
            switch cache.freshness(at: now) {
            case .fresh: return .success(state(isStale: false, reason: .fresh))
            case .stale: return .success(state(isStale: true, reason: staleReason))
            case .none: return .success(state(isStale: true, reason: .noCache))
            }
        case .failed(let error)?:
            if authentication.shouldThrow(for: error, hasCachedAnswer: hasReceivedPerson) {
                return .failure(
                    VoidhashError(
                        code: .authenticationFailed, message: "Voidhash refused the publishable key (\(error.summary))."
                    ))
            }
            return .success(state(isStale: true, reason: cache.snapshot == nil ? .noCache : .refreshFailed))
        case nil:
            return .success(state(isStale: true, reason: cache.snapshot == nil ? .noCache : staleReason))
        }
    }

    /// Whether the cache holds an answer Voidhash gave (not a snapshot the SDK made itself).
    private var hasReceivedPerson: Bool {
        guard let snapshot = cache.snapshot else { return false }
        return snapshot.isLocal != true
    }

    /// Why a stale snapshot is stale while no answer came: its refresh failed or is under way.
    private var staleReason: VoidhashPersonState.Reason {
        lastRefreshFailed ? .refreshFailed : .refreshInFlight
    }
}
