import Foundation
import SDKRuntime
import VoidhashAPI

/// Everything the emulated Voidhash API holds, as one value that `VoidhashEmulatorState` guards.
/// The operations live in extensions, one file per operation; each takes the emulator's `now`.
struct VoidhashStore: Sendable {
    /// People by their own distinct ID.
    var people: [String: VoidhashStoredPerson] = [:]
    /// Identity links: anonymous distinct ID -> external user ID.
    var links: [String: String] = [:]
    /// Every stored purchase, in arrival order (the store deduplicates on `transactionId`).
    var purchaseLog: [Purchase] = []
    /// Every stored event, in arrival order.
    var events: [Event] = []
    /// The IDs of `events`, for deduplication.
    var eventIds: Set<String> = []
    /// The products that grant perks.
    var catalog = VoidhashCatalogProduct.defaultCatalog
    /// Distinct IDs whose writes are refused for good.
    var rejections = VoidhashRejections()
    /// The most new events one request stores, the rest left out of its answer (`nil`: no
    /// limit); set through the admin API to emulate a Voidhash shedding load.
    var eventsStoredPerRequest: Int?
    /// The first response to each mutating request, by route and idempotency key.
    var replays: [VoidhashReplayKey: EmulatorResponse] = [:]
    /// Seconds added to the injected clock's time (set through the admin API).
    var clockOffset: TimeInterval = 0
    /// The last serial number handed out for a purchase or subscription ID.
    private var lastSerial = 0

    /// The distinct ID of the person `distinctId` stands for: its link's user ID, or itself.
    func owner(of distinctId: String) -> String {
        links[distinctId] ?? distinctId
    }

    /// The person `owner` or a new, empty one with that ID.
    func personOrNew(_ owner: String) -> VoidhashStoredPerson {
        people[owner] ?? VoidhashStoredPerson(distinctId: owner)
    }

    /// A new ID such as `pur_3`, unique within the store.
    mutating func makeID(prefix: String) -> String {
        lastSerial += 1
        return "\(prefix)_\(lastSerial)"
    }

    /// Whether `distinctId` can name a person: an anonymous distinct ID or a valid external ID.
    static func isValidDistinctId(_ distinctId: String) -> Bool {
        AnonymousDistinctId.isValid(distinctId) || ExternalUserIdRule.validate(distinctId) == nil
    }

    /// `400 INVALID_ARGUMENT` unless `distinctId` can name a person.
    static func checkDistinctId(_ distinctId: String) throws(VoidhashEmulatorError) {
        guard isValidDistinctId(distinctId) else {
            throw .invalidArgument("distinctId is neither an anonymous distinct ID nor a valid user ID.")
        }
    }
}

/// Where a replayable response is kept: the route and the request's `Idempotency-Key`.
struct VoidhashReplayKey: Sendable, Hashable {
    /// The route name.
    var route: String
    /// The idempotency key.
    var key: String
}
