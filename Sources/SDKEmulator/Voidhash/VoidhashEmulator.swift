import Foundation
import SDKRuntime
import VoidhashAPI

/// The Voidhash API of the emulator: every operation of `VoidhashOperation`, served from a
/// `VoidhashEmulatorState`.
///
/// ```swift
/// let state = VoidhashEmulatorState(clock: ManualClock())
/// let server = VoidhashEmulator.makeServer(state: state)
/// let baseURL = try await server.start()
/// let client = VoidhashClient(core: APIClient(
///     baseURL: baseURL, transport: URLSessionTransport(),
///     headers: { [HTTPField(name: "Authorization", value: "Bearer \(VoidhashEmulator.testKey)")] }))
/// ```
///
/// Behaviour (the shared contract of the emulator and the SDK):
/// - `Authorization: Bearer vh_pk_test_...` selects the test environment, another valid
///   `vh_pk_...` key production; anything else is `401 AUTHENTICATION_FAILED`.
/// - Mutating requests need an `Idempotency-Key` (`400 INVALID_ARGUMENT` without); the same key
///   on the same route replays the first response byte for byte and changes nothing.
/// - Every snapshot's `distinctId` is the distinct ID the request named; an anonymous ID linked
///   to a user resolves to that user's person for every operation.
/// - Perk and subscription statuses are computed with the state's clock, never the client's.
public enum VoidhashEmulator {
    /// A publishable key of the test environment.
    public static let testKey = "vh_pk_test_emulator"
    /// A publishable key of the production environment.
    public static let productionKey = "vh_pk_emulator"

    /// The route name of `operation` in the request log and for faults: the operation's name,
    /// such as `identify` or `getPerson`.
    public static func routeName(for operation: VoidhashOperation) -> String {
        String(describing: operation)
    }

    /// One route per case of `VoidhashOperation`, named by `routeName(for:)`, answering from
    /// `state`.
    public static func routes(state: VoidhashEmulatorState) throws(RouterError) -> Router {
        var router = Router()
        for operation in VoidhashOperation.allCases {
            try router.add(operation.method, operation.pathTemplate, name: routeName(for: operation)) {
                request, parameters in
                state.respond(to: operation, request: request, parameters: parameters)
            }
        }
        return router
    }

    /// A server (not yet started) with the Voidhash routes over `state`. Its clock (request
    /// timestamps, `.delay` faults) is the state's clock; `reset()` and `POST /_admin/reset`
    /// also reset `state`. With a `ManualClock`, a `.delay` fault waits for `advance(by:)`.
    /// The JSON routes of `adminRoutes(state:)` are mounted under `/_admin/voidhash`.
    public static func makeServer(
        state: VoidhashEmulatorState = VoidhashEmulatorState(), limits: ServerLimits = .standard
    )
        -> EmulatorServer
    {
        // The operations' templates come from the spec and are checked by the generator, so
        // building the routes cannot fail; a test asserts that every operation is served.
        let router = (try? routes(state: state)) ?? Router()
        return EmulatorServer(
            router: router, adminRouter: (try? adminRoutes(state: state)) ?? Router(), limits: limits,
            clock: state.clock, onReset: { state.reset() })
    }
}
