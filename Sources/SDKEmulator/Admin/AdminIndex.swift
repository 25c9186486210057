/// What `GET /_admin/` answers: the admin routes (with what each does) and the API routes,
/// whose names are what the request log records and what fault rules target.
struct AdminIndex: Codable, Sendable, Hashable {
    /// One admin route.
    struct AdminRoute: Codable, Sendable, Hashable {
        /// The method, such as `POST`.
        var method: String
        /// The full path, such as `/_admin/faults` or `/_admin/voidhash/people/{distinctId}`.
        var path: String
        /// What it does (the API's own admin routes have none here; their type documents them).
        var summary: String?
    }

    /// One route of the emulated API.
    struct APIRoute: Codable, Sendable, Hashable {
        /// The route's name, such as `getPerson` or `listFeaturePlans`.
        var name: String
        /// The method.
        var method: String
        /// The path template, such as `/v1/people/{distinctId}`.
        var path: String
    }

    /// The admin routes, built-in ones first.
    var admin: [AdminRoute]
    /// The API routes, in registration order.
    var routes: [APIRoute]
}
