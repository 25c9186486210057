import Foundation
import SDKRuntime

/// The admin API under `/_admin/`, JSON in and out. Admin requests are not logged and never
/// get faults.
///
/// | Request | Effect | Answer |
/// | --- | --- | --- |
/// | `POST /_admin/reset` | clears log and faults, releases holds, resets route state | 204 |
/// | `GET /_admin/requests[?route=name]` | | `{"requests": [RecordedRequest]}` |
/// | `DELETE /_admin/requests` | clears the log | 204 |
/// | `GET /_admin/faults` | | `{"faults": [FaultRule]}` |
/// | `POST /_admin/faults` (a `FaultRule`) | adds the rule | 201 `{"faults": [FaultRule]}` |
/// | `DELETE /_admin/faults[?route=name]` | removes all rules, or the route's | 204 |
/// | `GET /_admin/held[?route=name]` | | `{"held": n}` |
/// | `POST /_admin/release[?route=name]` | releases held requests | `{"released": n}` |
enum AdminAPI {
    private struct RequestList: Codable { var requests: [RecordedRequest] }
    private struct FaultList: Codable { var faults: [FaultRule] }
    private struct HeldCount: Codable { var held: Int }
    private struct ReleasedCount: Codable { var released: Int }

    /// Answers one admin request.
    static func respond(to request: EmulatorRequest, controls: EmulatorControls) async
        -> EmulatorResponse
    {
        let route = request.queryValue("route")
        let resource = String(request.path.dropFirst(RequestDispatcher.adminPrefix.count))
        switch (resource, request.method) {
        case ("/reset", "POST"):
            await controls.reset()
            return .empty()
        case ("/requests", "GET"), ("/requests", "HEAD"):
            return .json(RequestList(requests: controls.log.entries(route: route)))
        case ("/requests", "DELETE"):
            controls.log.clear()
            return .empty()
        case ("/faults", "GET"), ("/faults", "HEAD"):
            return .json(FaultList(faults: controls.faults.rules))
        case ("/faults", "POST"):
            return addFault(from: request, controls: controls)
        case ("/faults", "DELETE"):
            controls.faults.clear(route: route)
            return .empty()
        case ("/held", "GET"), ("/held", "HEAD"):
            return .json(HeldCount(held: controls.holds.heldCount(route: route)))
        case ("/release", "POST"):
            return .json(ReleasedCount(released: controls.holds.release(route: route)))
        case ("/reset", _), ("/release", _):
            return methodNotAllowed(request, allowed: "POST")
        case ("/requests", _), ("/faults", _):
            return methodNotAllowed(
                request, allowed: resource == "/faults" ? "DELETE, GET, HEAD, POST" : "DELETE, GET, HEAD")
        case ("/held", _):
            return methodNotAllowed(request, allowed: "GET, HEAD")
        default:
            var mounted = request
            mounted.path = resource
            return await controls.adminRouter.respond(to: mounted)
        }
    }

    private static func addFault(from request: EmulatorRequest, controls: EmulatorControls)
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
        controls.faults.add(rule)
        return .json(FaultList(faults: controls.faults.rules), status: 201)
    }

    private static func methodNotAllowed(_ request: EmulatorRequest, allowed: String)
        -> EmulatorResponse
    {
        EmulatorResponse.error(
            status: 405, code: "METHOD_NOT_ALLOWED",
            message: "\(request.method) is not allowed on \(request.path)."
        ).adding(header: "Allow", value: allowed)
    }
}
