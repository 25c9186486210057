import Foundation
import SDKRuntime

/// Decides what happens to each request: admin API or routes, request log, injected faults.
///
/// `prepare` runs on the connection's thread as soon as a request is read, so the log is in
/// arrival order; `execute` runs as a task and may wait (delays, holds, async handlers).
struct RequestDispatcher: Sendable {
    /// A request with its destination decided.
    struct Prepared: Sendable {
        /// Where a request goes.
        enum Destination: Sendable {
            /// The admin API.
            case admin
            /// The routes, with the resolution, the matched route's name, the injected fault and
            /// the request's sequence number in the log.
            case routes(RouteResolution, routeName: String?, fault: Fault?, sequence: Int)
        }

        let request: EmulatorRequest
        let destination: Destination
    }

    let router: Router
    let controls: EmulatorControls
    let admin: AdminAPI
    /// Where this server's admin requests run.
    let adminExecutor = HandlerExecutor.admin()

    /// A dispatcher for `router`'s routes and the admin API over `controls`.
    init(router: Router, controls: EmulatorControls) {
        self.router = router
        self.controls = controls
        admin = AdminAPI(controls: controls, apiRoutes: router)
    }

    /// The path prefix of the admin API.
    static let adminPrefix = "/_admin"

    /// Whether `path` (as sent, before the query) is the admin API's.
    static func isAdminPath(_ path: String) -> Bool {
        path == adminPrefix || path.hasPrefix(adminPrefix + "/")
    }

    /// Decides the destination; for the routes, records the request and chooses its fault.
    func prepare(_ request: EmulatorRequest) -> Prepared {
        if Self.isAdminPath(request.path) {
            return Prepared(request: request, destination: .admin)
        }
        let resolution = router.resolve(method: request.method, path: request.path)
        var routeName: String?
        if case .matched(let route, _) = resolution { routeName = route.name }
        let fault = controls.faults.take(route: routeName)
        let sequence = controls.log.record(request, route: routeName, fault: fault)
        return Prepared(
            request: request,
            destination: .routes(resolution, routeName: routeName, fault: fault, sequence: sequence))
    }

    /// Applies the fault (if any), runs the handler, and notes the answer's status in the log.
    func execute(_ prepared: Prepared) async -> ResponsePlan {
        guard case .routes(let resolution, let routeName, let fault, let sequence) = prepared.destination else {
            return .respond(await admin.respond(to: prepared.request))
        }
        let plan = await plan(for: prepared.request, resolution: resolution, routeName: routeName, fault: fault)
        switch plan {
        case .respond(let response), .dropAfterHeaders(let response):
            controls.log.complete(sequence: sequence, status: response.status)
        case .drop:
            break
        }
        return plan
    }

    /// What to do with a routed request: the fault's effect, or the handler's answer.
    private func plan(
        for request: EmulatorRequest, resolution: RouteResolution, routeName: String?, fault: Fault?
    ) async -> ResponsePlan {
        let answer = { await router.respond(to: request, resolution: resolution) }
        switch fault {
        case nil:
            return .respond(await answer())
        case .delay(let duration):
            try? await controls.clock.sleep(for: duration)
            return .respond(await answer())
        case .hold:
            await controls.holds.hold(route: routeName)
            return .respond(await answer())
        case .dropConnection:
            return .drop
        case .dropAfterHeaders:
            return .dropAfterHeaders(await answer())
        case .status(let status, let code, let retryAfter):
            var response =
                code.map {
                    EmulatorResponse.error(
                        status: status, code: $0, message: "Injected fault: status \(status).")
                } ?? .empty(status)
            if let retryAfter {
                response.headers.append(HTTPField(name: "Retry-After", value: retryAfter))
            }
            return .respond(response)
        case .malformedBody:
            return .respond(
                EmulatorResponse(
                    status: 200, headers: [HTTPField(name: "Content-Type", value: "application/json")],
                    body: Data(#"{"malformed": [1, 2"#.utf8)))
        case .rejectKey:
            return .respond(
                .error(
                    status: 401, code: "AUTHENTICATION_FAILED",
                    message: "The API key was rejected (injected fault)."))
        }
    }
}
