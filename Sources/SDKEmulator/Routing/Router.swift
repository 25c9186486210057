import SDKRuntime

/// What a route runs: the request and its decoded path parameters in, a response out.
public typealias RouteHandler =
    @Sendable (EmulatorRequest, PathParameters) async -> EmulatorResponse

/// One registered route.
public struct Route: Sendable {
    /// The route's name: what the request log records and what faults target.
    public let name: String
    /// The method it answers (`HEAD` requests fall back to a `GET` route).
    public let method: String
    /// The path template.
    public let template: PathTemplate
    /// The handler.
    public let handler: RouteHandler
}

/// How a method and path resolved against a router.
public enum RouteResolution: Sendable {
    /// A route matched, with its parameters.
    case matched(Route, PathParameters)
    /// No route has this path.
    case notFound
    /// Routes have this path, but none for this method; `allowed` lists their methods.
    case methodNotAllowed(allowed: [String])
}

/// Maps method and path to handlers. Build it before starting the server (it is a value).
///
/// ```swift
/// var router = Router()
/// try router.add("GET", "/v1/people/{distinctId}", name: "getPerson") { request, parameters in
///     .json(person(for: parameters["distinctId"] ?? ""))
/// }
/// ```
/// When several templates match a path, the one with a literal at the first differing segment
/// wins (`/v1/people/me` beats `/v1/people/{distinctId}`).
public struct Router: Sendable {
    /// Every route, in registration order.
    public private(set) var routes: [Route] = []

    /// An empty router: every request gets `404 NOT_FOUND`.
    public init() {}

    /// Registers `handler` for `method` and `template`. `name` defaults to `"METHOD template"`.
    /// Paths under `/_admin` are reserved for the admin API.
    public mutating func add(
        _ method: String, _ template: String, name: String? = nil,
        handler: @escaping RouteHandler
    ) throws(RouterError) {
        guard HTTPSyntax.isToken(method.utf8) else { throw .invalidMethod(method) }
        let parsed = try PathTemplate(template)
        if case .literal(let first) = parsed.segments.first,
            "/" + first == RequestDispatcher.adminPrefix
        {
            throw .invalidTemplate(
                template, "\(RequestDispatcher.adminPrefix) is reserved for the admin API")
        }
        try append(
            Route(
                name: name ?? "\(method) \(template)", method: method, template: parsed, handler: handler))
    }

    /// Adds every route of `other` (for example one router per product).
    public mutating func merge(_ other: Router) throws(RouterError) {
        for route in other.routes { try append(route) }
    }

    /// Finds the route for `method` and the percent-encoded `path`.
    public func resolve(method: String, path: String) -> RouteResolution {
        guard let segments = PercentDecoding.segments(ofPath: path) else { return .notFound }
        let candidates = routes.compactMap { route in route.template.match(segments).map { (route, $0) }
        }
        guard !candidates.isEmpty else { return .notFound }
        let fallback = method == "HEAD" ? "GET" : nil
        let forMethod = candidates.filter { $0.0.method == method }
        let chosen = forMethod.isEmpty ? candidates.filter { $0.0.method == fallback } : forMethod
        guard let best = chosen.min(by: { $0.0.template.isMoreSpecific(than: $1.0.template) }) else {
            var allowed = Set(candidates.map(\.0.method))
            if allowed.contains("GET") { allowed.insert("HEAD") }
            return .methodNotAllowed(allowed: allowed.sorted())
        }
        return .matched(best.0, best.1)
    }

    /// Resolves `request` and runs the handler, or answers `404 NOT_FOUND` /
    /// `405 METHOD_NOT_ALLOWED` (with an `Allow` header).
    public func respond(to request: EmulatorRequest) async -> EmulatorResponse {
        await respond(to: request, resolution: resolve(method: request.method, path: request.path))
    }

    /// Answers `request` according to an already computed `resolution`.
    func respond(to request: EmulatorRequest, resolution: RouteResolution) async -> EmulatorResponse {
        switch resolution {
        case .matched(let route, let parameters):
            return await route.handler(request, parameters)
        case .notFound:
            return .error(
                status: 404, code: "NOT_FOUND", message: "No route for \(request.method) \(request.path).")
        case .methodNotAllowed(let allowed):
            return .error(
                status: 405, code: "METHOD_NOT_ALLOWED",
                message: "\(request.method) is not allowed here; use \(allowed.joined(separator: ", "))."
            ).adding(header: "Allow", value: allowed.joined(separator: ", "))
        }
    }

    private mutating func append(_ route: Route) throws(RouterError) {
        if routes.contains(where: { $0.name == route.name }) { throw .duplicateName(route.name) }
        if routes.contains(where: {
            $0.method == route.method && $0.template.shape == route.template.shape
        }) {
            throw .duplicateRoute(method: route.method, template: route.template.description)
        }
        routes.append(route)
    }
}
