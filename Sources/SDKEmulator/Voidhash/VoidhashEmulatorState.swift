import Foundation
import SDKRuntime
import Synchronization
import VoidhashAPI

/// The in-memory data of the emulated Voidhash API, and its typed admin API.
///
/// One state can serve several servers; the routes and the `/_admin/voidhash/` routes read and
/// change it. Every change happens under one lock, so a request is applied whole or not at all.
///
/// ```swift
/// let clock = ManualClock()
/// let state = VoidhashEmulatorState(clock: clock)
/// state.seedPerson(VoidhashPersonSeed(distinctId: "user_123", email: "ada@example.com"))
/// _ = try state.seedPurchase(record, keyEnvironment: .test)
/// clock.advance(by: .seconds(31 * 86_400))      // the premium subscription has now expired
/// state.person("user_123")?.activePerkSlugs      // []
/// ```
public final class VoidhashEmulatorState: Sendable {
    /// The clock that decides which perks and subscriptions are active (never the client's).
    public let clock: any SDKClock
    private let store = Mutex(VoidhashStore())

    /// An empty state with the default catalog, reading time from `clock`.
    public init(clock: any SDKClock = SystemClock()) {
        self.clock = clock
    }

    // MARK: Time

    /// The emulator's current time: the clock's time, moved by `setNow(_:)` if it was called.
    public var now: Date {
        withStore { _, now in now }
    }

    /// Makes the emulator's time read `date` now; it then moves on with the clock.
    public func setNow(_ date: Date) {
        let base = clock.now()
        store.withLock { $0.clockOffset = date.timeIntervalSince(base) }
    }

    // MARK: Seeding

    /// Creates the person `seed.distinctId`, or replaces its email, name and attributes
    /// (its purchases and perks stay).
    public func seedPerson(_ seed: VoidhashPersonSeed) {
        store.withLock { store in
            var person = store.personOrNew(seed.distinctId)
            person.email = seed.email
            person.name = seed.name
            person.attributes = seed.attributes
            store.people[seed.distinctId] = person
        }
    }

    /// Records that `anonymousId` is linked to `externalUserId` (creating that person if needed),
    /// without moving anything: an identify with this anonymous ID then answers
    /// `already_linked` for that user and `anonymous_id_claimed` for any other.
    public func seedLink(anonymousId: String, externalUserId: String) {
        store.withLock { store in
            store.links[anonymousId] = externalUserId
            store.people[externalUserId] = store.personOrNew(externalUserId)
        }
    }

    /// Records a purchase exactly as `POST /v1/purchases` with a key of `keyEnvironment` would,
    /// and returns the person afterwards; throws the same errors.
    @discardableResult
    public func seedPurchase(_ record: PurchaseRecord, keyEnvironment: VoidhashEnvironment = .test)
        throws(VoidhashEmulatorError) -> Person
    {
        try withStore { (store, now) throws(VoidhashEmulatorError) in
            try store.recordPurchase(record, key: keyEnvironment, now: now)
        }
    }

    /// The product catalog.
    public var catalog: [VoidhashCatalogProduct] {
        store.withLock { $0.catalog }
    }

    /// Replaces the product catalog (purchases already recorded keep their perks).
    public func setCatalog(_ products: [VoidhashCatalogProduct]) {
        store.withLock { $0.catalog = products }
    }

    /// The distinct IDs whose writes are refused.
    public var rejections: VoidhashRejections {
        store.withLock { $0.rejections }
    }

    /// Adds distinct IDs whose writes are refused with `409 PERSON_WRITE_REJECTED`.
    public func addRejections(_ rejections: VoidhashRejections) {
        store.withLock { $0.rejections.formUnion(rejections) }
    }

    /// The most new events one `captureEvents` request stores (`nil`: no limit). The events past
    /// it are neither stored nor counted in the answer, as when Voidhash sheds load.
    public var eventsStoredPerRequest: Int? {
        store.withLock { $0.eventsStoredPerRequest }
    }

    /// Sets `eventsStoredPerRequest`; `nil` lifts the limit.
    public func setEventsStoredPerRequest(_ limit: Int?) {
        store.withLock { $0.eventsStoredPerRequest = limit }
    }

    // MARK: Reading

    /// Every person, sorted by distinct ID, as `getPerson` would return it for its own ID.
    public var people: [Person] {
        withStore { store, now in
            store.people.keys.sorted().compactMap { store.people[$0]?.snapshot(requestedId: $0, now: now) }
        }
    }

    /// The person `distinctId` stands for (following its link), as `getPerson` would return it,
    /// or `nil` when there is none.
    public func person(_ distinctId: String) -> Person? {
        withStore { store, now in try? store.person(distinctId, now: now) }
    }

    /// The identity links: anonymous distinct ID -> external user ID.
    public var links: [String: String] {
        store.withLock { $0.links }
    }

    /// Every stored purchase in arrival order, with the person holding it now.
    public var purchases: [VoidhashPurchaseEntry] {
        store.withLock { $0.purchaseEntries }
    }

    /// Every stored event, in arrival order (each ID once).
    public var events: [Event] {
        store.withLock { $0.events }
    }

    /// How many events are stored: `events.count` without holding on to the array (which the
    /// next stored event would then copy whole).
    public var eventCount: Int {
        store.withLock { $0.events.count }
    }

    // MARK: Reset

    /// Forgets people, links, purchases, events, idempotency records, rejections, any limit of
    /// `setEventsStoredPerRequest(_:)` and any `setNow(_:)`, and restores the default catalog.
    /// The injected clock stays.
    public func reset() {
        store.withLock { $0 = VoidhashStore() }
    }

    // MARK: Routes

    /// Answers one request to `operation` (see `VoidhashStore.respond`).
    func respond(to operation: VoidhashOperation, request: EmulatorRequest, parameters: PathParameters)
        -> EmulatorResponse
    {
        withStore { store, now in
            store.respond(to: operation, request: request, parameters: parameters, now: now)
        }
    }

    /// Runs `body` under the lock with the store and the emulator's current time. The clock is
    /// read before the lock is taken, so no other lock is ever taken while holding this one.
    private func withStore<Result: Sendable, Failure: Error>(
        _ body: (inout VoidhashStore, Date) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let base = clock.now()
        return try store.withLock { (store) throws(Failure) in
            try body(&store, base.addingTimeInterval(store.clockOffset))
        }
    }
}
