import Foundation
import SDKRuntime
import VoidhashAPI

extension VoidhashEmulator {
    /// Where the Voidhash admin routes sit inside the server's admin API (`/_admin`).
    public static let adminMount = "/voidhash"
    /// The URL path prefix of the Voidhash admin routes on a running server.
    public static let adminPrefix = "/_admin" + adminMount

    /// The JSON admin API of `state`, served under `/_admin/voidhash` (the router holds the paths
    /// below `/_admin`, where `EmulatorServer(adminRouter:)` mounts it; dates as RFC 3339 with
    /// milliseconds, like the API itself):
    ///
    /// | Request | Body | Answer |
    /// | --- | --- | --- |
    /// | `GET /people` | | `{"people": [Person]}` |
    /// | `POST /people` | `VoidhashPersonSeed` | the `Person` |
    /// | `GET /people/{distinctId}` | | the `Person` (links followed), or 404 |
    /// | `GET /links` | | `{"links": {"vh_anon_...": "user_123"}}` |
    /// | `POST /links` | `{"anonymousId": .., "externalUserId": ..}` | every link, as for `GET` |
    /// | `GET /purchases` | | `{"purchases": [VoidhashPurchaseEntry]}` |
    /// | `POST /purchases` | `{"record": PurchaseRecord, "keyEnvironment": "test"}` | the `Person`, or the API's error |
    /// | `GET /events` | | `{"events": [Event]}` in arrival order |
    /// | `GET`, `PUT /catalog` | `{"products": [VoidhashCatalogProduct]}` | the catalog |
    /// | `GET`, `POST /rejections` | `VoidhashRejections` (POST adds) | every rejection |
    /// | `GET`, `PUT /event-limit` | `{"eventsStoredPerRequest": 2}` (`null`: no limit) | the limit |
    /// | `GET`, `PUT /clock` | `{"now": "2026-11-29T10:00:00.000Z"}` | the emulator's time |
    /// | `POST /reset` | | 204 |
    ///
    /// A body that does not decode is `400 INVALID_ARGUMENT`.
    public static func adminRoutes(state: VoidhashEmulatorState) throws(RouterError) -> Router {
        var router = Router()
        func add(_ method: String, _ path: String, _ handler: @escaping RouteHandler) throws(RouterError) {
            try router.add(method, adminMount + path, handler: handler)
        }
        try add("GET", "/people") { _, _ in VoidhashWire.json(AdminPeople(people: state.people)) }
        try add("POST", "/people") { request, _ in
            answer { () throws(VoidhashEmulatorError) in
                let seed = try VoidhashWire.decode(VoidhashPersonSeed.self, from: request)
                state.seedPerson(seed)
                return try person(seed.distinctId, in: state)
            }
        }
        try add("GET", "/people/{distinctId}") { _, parameters in
            answer { () throws(VoidhashEmulatorError) in try person(parameters["distinctId"] ?? "", in: state) }
        }
        try add("GET", "/links") { _, _ in VoidhashWire.json(AdminLinks(links: state.links)) }
        try add("POST", "/links") { request, _ in
            answer { () throws(VoidhashEmulatorError) in
                let link = try VoidhashWire.decode(AdminLink.self, from: request)
                state.seedLink(anonymousId: link.anonymousId, externalUserId: link.externalUserId)
                return AdminLinks(links: state.links)
            }
        }
        try add("GET", "/purchases") { _, _ in VoidhashWire.json(AdminPurchases(purchases: state.purchases)) }
        try add("POST", "/purchases") { request, _ in
            answer { () throws(VoidhashEmulatorError) in
                let seed = try VoidhashWire.decode(AdminPurchaseSeed.self, from: request)
                return try state.seedPurchase(seed.record, keyEnvironment: seed.keyEnvironment ?? .test)
            }
        }
        try add("GET", "/events") { _, _ in VoidhashWire.json(AdminEvents(events: state.events)) }
        try add("GET", "/catalog") { _, _ in VoidhashWire.json(AdminCatalog(products: state.catalog)) }
        try add("PUT", "/catalog") { request, _ in
            answer { () throws(VoidhashEmulatorError) in
                state.setCatalog(try VoidhashWire.decode(AdminCatalog.self, from: request).products)
                return AdminCatalog(products: state.catalog)
            }
        }
        try add("GET", "/rejections") { _, _ in VoidhashWire.json(state.rejections) }
        try add("POST", "/rejections") { request, _ in
            answer { () throws(VoidhashEmulatorError) in
                state.addRejections(try VoidhashWire.decode(VoidhashRejections.self, from: request))
                return state.rejections
            }
        }
        try add("GET", "/event-limit") { _, _ in
            VoidhashWire.json(AdminEventLimit(eventsStoredPerRequest: state.eventsStoredPerRequest))
        }
        try add("PUT", "/event-limit") { request, _ in
            answer { () throws(VoidhashEmulatorError) in
                let limit = try VoidhashWire.decode(AdminEventLimit.self, from: request).eventsStoredPerRequest
                if let limit, limit < 0 { throw .invalidArgument("eventsStoredPerRequest cannot be negative.") }
                state.setEventsStoredPerRequest(limit)
                return AdminEventLimit(eventsStoredPerRequest: state.eventsStoredPerRequest)
            }
        }
        try add("GET", "/clock") { _, _ in VoidhashWire.json(AdminClock(now: state.now)) }
        try add("PUT", "/clock") { request, _ in
            answer { () throws(VoidhashEmulatorError) in
                state.setNow(try VoidhashWire.decode(AdminClock.self, from: request).now)
                return AdminClock(now: state.now)
            }
        }
        try add("POST", "/reset") { _, _ in
            state.reset()
            return .empty()
        }
        return router
    }

    /// The JSON of `body`'s value, or the error it threw.
    private static func answer(_ body: () throws(VoidhashEmulatorError) -> some Encodable) -> EmulatorResponse {
        do throws(VoidhashEmulatorError) {
            return VoidhashWire.json(try body())
        } catch {
            return error.response
        }
    }

    /// The person `distinctId` stands for, or `404 PERSON_NOT_FOUND`.
    private static func person(_ distinctId: String, in state: VoidhashEmulatorState) throws(VoidhashEmulatorError)
        -> Person
    {
        guard let person = state.person(distinctId) else {
            throw .personNotFound("The emulator has no person for this distinct ID.")
        }
        return person
    }
}

/// `{"people": [...]}`.
private struct AdminPeople: Codable {
    var people: [Person]
}

/// `{"links": {...}}`.
private struct AdminLinks: Codable {
    var links: [String: String]
}

/// One link to seed.
private struct AdminLink: Codable {
    var anonymousId: String
    var externalUserId: String
}

/// `{"purchases": [...]}`.
private struct AdminPurchases: Codable {
    var purchases: [VoidhashPurchaseEntry]
}

/// A purchase to record as if sent with a key of `keyEnvironment` (test when left out).
private struct AdminPurchaseSeed: Codable {
    var record: PurchaseRecord
    var keyEnvironment: VoidhashEnvironment?
}

/// `{"events": [...]}`.
private struct AdminEvents: Codable {
    var events: [Event]
}

/// `{"products": [...]}`.
private struct AdminCatalog: Codable {
    var products: [VoidhashCatalogProduct]
}

/// `{"eventsStoredPerRequest": 2}`: the most new events one request stores; `null` for no limit.
private struct AdminEventLimit: Codable {
    var eventsStoredPerRequest: Int?

    /// Writes `null` for no limit rather than leaving the member out.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(eventsStoredPerRequest, forKey: .eventsStoredPerRequest)
    }
}

/// `{"now": "..."}`.
private struct AdminClock: Codable {
    var now: Date
}
