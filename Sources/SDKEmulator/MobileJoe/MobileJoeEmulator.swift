import Foundation
import MobileJoeAPI
import SDKRuntime

/// The Mobile Joe API on the emulator: a route for every case of the generated
/// `MobileJoeOperation`, over a `MobileJoeEmulatorState`.
///
/// ```swift
/// let state = MobileJoeEmulatorState(plans: [MobileJoeEmulatorPlan(id: "dark-mode", title: "Dark mode")])
/// let server = try MobileJoeEmulator.makeServer(state: state)
/// let baseURL = try await server.start()
/// ```
///
/// Every request is checked like the real API checks it: `401 AUTHENTICATION_FAILED` without an
/// `Authorization` header; `400 INVALID_ARGUMENT` when `Identity-Anonymous-ID` or
/// `Identity-Device-ID` is not a valid identifier of its kind, `Identity-External-ID` is sent
/// but invalid, a mutating call lacks its `Idempotency-Key`, or a parameter breaks its generated
/// rule (`SearchTermRule`, `FeaturePlanIdRule`); `404 NOT_FOUND` for an unknown plan.
public enum MobileJoeEmulator {
    /// The name under which `operation` is routed, logged, and targeted by faults: the
    /// operation's name, such as `identify` or `listFeaturePlans` (spelled as the Voidhash
    /// routes are, by `VoidhashEmulator.routeName(for:)`).
    public static func routeName(for operation: MobileJoeOperation) -> String {
        String(describing: operation)
    }

    /// A router with the routes of every operation (to merge with other APIs' routers).
    public static func makeRouter(state: MobileJoeEmulatorState) throws(RouterError) -> Router {
        var router = Router()
        for operation in MobileJoeOperation.allCases {
            try router.add(operation.method, operation.pathTemplate, name: routeName(for: operation)) {
                request, parameters in
                respond(to: operation, request: request, parameters: parameters, state: state)
            }
        }
        return router
    }

    /// A server with the Mobile Joe routes; `reset()` (and `POST /_admin/reset`) also resets
    /// `state`. Start it with `start()` (127.0.0.1, any free port). The JSON routes of
    /// `adminRoutes(state:)` are mounted under `/_admin/mobilejoe`.
    public static func makeServer(
        state: MobileJoeEmulatorState, clock: any SDKClock = SystemClock()
    ) throws(RouterError) -> EmulatorServer {
        EmulatorServer(
            router: try makeRouter(state: state), adminRouter: try adminRoutes(state: state), clock: clock,
            onReset: { state.reset() })
    }

    /// The answer to one request for `operation`.
    static func respond(
        to operation: MobileJoeOperation, request: EmulatorRequest, parameters: PathParameters,
        state: MobileJoeEmulatorState
    ) -> EmulatorResponse {
        let caller: MobileJoeCaller
        switch MobileJoeCaller.check(request) {
        case .success(let checked): caller = checked
        case .failure(let refusal): return refusal.response
        }
        let idempotencyKey = request.idempotencyKey ?? ""
        if operation.requiresIdempotencyKey && idempotencyKey.isEmpty {
            return MobileJoeRefusal.invalidArgument("The Idempotency-Key header is missing or blank.").response
        }
        state.link(caller)
        switch operation {
        case .identify:
            return json(state.identify(caller, idempotencyKey: idempotencyKey, at: request.receivedAt))
        case .searchFAQs:
            let term = request.queryValue("term") ?? ""
            if let violation = SearchTermRule.validate(term) {
                return MobileJoeRefusal.invalidArgument("term " + violation.message).response
            }
            return json(FAQSearchResult(faqs: state.searchFAQs(term)))
        case .listFeaturePlans:
            return json(FeaturePlanList(plans: state.plans(for: caller)))
        case .voteForFeaturePlan, .removeVoteForFeaturePlan:
            let planId = parameters["planId"] ?? ""
            if let violation = FeaturePlanIdRule.validate(planId) {
                return MobileJoeRefusal.invalidArgument("planId " + violation.message).response
            }
            switch state.setVote(operation == .voteForFeaturePlan, caller: caller, planId: planId) {
            case .success(let plan): return json(plan)
            case .failure(let refusal): return refusal.response
            }
        case .listAlerts:
            return json(AlertList(alerts: state.alerts))
        }
    }

    /// `value` as JSON written the SDKs' way (RFC 3339 dates).
    static func json(_ value: some Encodable) -> EmulatorResponse {
        .json(value, encoder: JSONCoding.encoder)
    }
}
