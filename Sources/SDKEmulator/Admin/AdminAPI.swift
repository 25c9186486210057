import Foundation
import SDKRuntime

/// The admin API under `/_admin/`, JSON in and out (the dashboard at `/_admin/ui` aside).
/// Admin requests are not logged and never get faults.
///
/// | Request | Effect | Answer |
/// | --- | --- | --- |
/// | `GET /_admin/` | | `AdminIndex`: every admin route and every API route |
/// | `POST /_admin/reset` | clears log and faults, releases holds, resets route state | 204 |
/// | `GET /_admin/requests[?route=name][&after=sequence]` | | `{"requests": [RecordedRequest]}` |
/// | `DELETE /_admin/requests` | clears the log | 204 |
/// | `GET /_admin/faults` | | `{"faults": [FaultRule]}` |
/// | `POST /_admin/faults` (a `FaultRule`) | adds the rule | 201 `{"faults": [FaultRule]}` |
/// | `DELETE /_admin/faults[?route=name]` | removes all rules, or the route's | 204 |
/// | `GET /_admin/held[?route=name]` | | `{"held": n}` |
/// | `POST /_admin/release[?route=name]` | releases held requests | `{"released": n}` |
/// | `GET /_admin/ui` | | the dashboard (`AdminDashboard`) |
///
/// Requests from other sites are refused (`AdminRequestGuard`). A fault rule naming a route the
/// server does not have is refused with `400 INVALID_ARGUMENT` and a message listing the routes
/// it has. The API's own admin routes (an `adminRouter` given to `EmulatorServer`) are mounted
/// below these, such as `/_admin/voidhash/people`.
struct AdminAPI: Sendable {
    private struct RequestList: Codable { var requests: [RecordedRequest] }
    private struct FaultList: Codable { var faults: [FaultRule] }
    private struct HeldCount: Codable { var held: Int }
    private struct ReleasedCount: Codable { var released: Int }

    /// One built-in admin resource: where it is, what it does, and its handler.
    private struct Resource {
        var method: String
        var path: String
        var summary: String
        var handler: RouteHandler
    }

    private let controls: EmulatorControls
    private let builtIn: Router
    private let index: AdminIndex

    /// The admin API over `controls`, for a server whose API routes are `apiRoutes`.
    init(controls: EmulatorControls, apiRoutes: Router) {
        self.controls = controls
        let resources = Self.resources(controls: controls, routeNames: apiRoutes.routes.map(\.name))
        var router = Router()
        for resource in resources {
            // The paths are literals of this file, checked by the admin tests.
            try? router.add(resource.method, resource.path, handler: resource.handler)
        }
        builtIn = router
        let prefix = RequestDispatcher.adminPrefix
        index = AdminIndex(
            admin: [.init(method: "GET", path: prefix + "/", summary: "this index of the admin and API routes")]
                + resources.map { .init(method: $0.method, path: prefix + $0.path, summary: $0.summary) }
                + controls.adminRouter.routes.map {
                    .init(method: $0.method, path: prefix + $0.template.description, summary: nil)
                },
            routes: apiRoutes.routes.map {
                .init(name: $0.name, method: $0.method, path: $0.template.description)
            })
    }

    /// Answers one admin request; one from another site gets `AdminRequestGuard`'s refusal.
    func respond(to request: EmulatorRequest) async -> EmulatorResponse {
        if let refusal = AdminRequestGuard.refusal(for: request) { return refusal }
        var mounted = request
        mounted.path = String(request.path.dropFirst(RequestDispatcher.adminPrefix.count))
        if mounted.path.isEmpty || mounted.path == "/" {
            guard request.method == "GET" || request.method == "HEAD" else {
                return EmulatorResponse.error(
                    status: 405, code: "METHOD_NOT_ALLOWED",
                    message: "\(request.method) is not allowed here; use GET, HEAD."
                ).adding(header: "Allow", value: "GET, HEAD")
            }
            return .json(index)
        }
        let resolution = builtIn.resolve(method: mounted.method, path: mounted.path)
        if case .notFound = resolution {
            return await controls.adminRouter.respond(to: mounted)
        }
        return await builtIn.respond(to: mounted, resolution: resolution)
    }

    // MARK: Resources

    private static func resources(controls: EmulatorControls, routeNames: [String]) -> [Resource] {
        [
            Resource(
                method: "POST", path: "/reset", summary: "clears log and faults, releases holds, resets the API's state"
            ) { _, _ in
                await controls.reset()
                return .empty()
            },
            Resource(
                method: "GET", path: "/requests",
                summary: "the request log, oldest first (?route=name, ?after=sequence)"
            ) { request, _ in
                let after = request.queryValue("after").flatMap(Int.init) ?? 0
                return .json(
                    RequestList(
                        requests: controls.log.entries(route: request.queryValue("route")).filter {
                            $0.sequence > after
                        }))
            },
            Resource(method: "DELETE", path: "/requests", summary: "empties the request log") { _, _ in
                controls.log.clear()
                return .empty()
            },
            Resource(method: "GET", path: "/faults", summary: "the active fault rules, in order") { _, _ in
                .json(FaultList(faults: controls.faults.rules))
            },
            Resource(
                method: "POST", path: "/faults", summary: "adds a fault rule for a known route, or for every route"
            ) { request, _ in
                addFault(from: request, controls: controls, routeNames: routeNames)
            },
            Resource(
                method: "DELETE", path: "/faults", summary: "removes every fault rule, or the route's (?route=name)"
            ) { request, _ in
                controls.faults.clear(route: request.queryValue("route"))
                return .empty()
            },
            Resource(method: "GET", path: "/held", summary: "how many requests a hold fault is holding (?route=name)") {
                request, _ in
                .json(HeldCount(held: controls.holds.heldCount(route: request.queryValue("route"))))
            },
            Resource(method: "POST", path: "/release", summary: "lets held requests go on (?route=name)") {
                request, _ in
                .json(ReleasedCount(released: controls.holds.release(route: request.queryValue("route"))))
            },
            Resource(
                method: "GET", path: AdminDashboard.path,
                summary: "the dashboard: request log, state and faults in a browser"
            ) { _, _ in
                AdminDashboard.response(for: AdminDashboard.pageName)
            },
            Resource(
                method: "GET", path: AdminDashboard.path + "/{file}", summary: "the dashboard's script and style sheet"
            ) { _, parameters in
                AdminDashboard.response(for: parameters["file"] ?? "")
            },
        ]
    }

    private static func addFault(from request: EmulatorRequest, controls: EmulatorControls, routeNames: [String])
        -> EmulatorResponse
    {
        let rule: FaultRule
        do {
            rule = try request.decodeJSON(FaultRule.self)
        } catch {
            return .error(
                status: 400, code: "INVALID_ARGUMENT",
                message:
                    #"Expected a fault rule such as {"route": "name", "fault": {"kind": "hold"}, "times": 1}."#
            )
        }
        if let problem = rule.problem {
            return .error(
                status: 400, code: "INVALID_ARGUMENT", message: "Invalid fault rule: \(problem).")
        }
        if let route = rule.route, !routeNames.contains(route) {
            let known = routeNames.isEmpty ? "it has none" : "its routes are " + routeNames.joined(separator: ", ")
            return .error(
                status: 400, code: "INVALID_ARGUMENT",
                message:
                    "Invalid fault rule: this server has no route '\(route)'; \(known) (leave out route for every request)."
            )
        }
        controls.faults.add(rule)
        return .json(FaultList(faults: controls.faults.rules), status: 201)
    }
}
