import SDKRuntime

/// A server made from a spec that names no hand-written emulator: `sdkgen` generates
/// `<Name>ExampleServer` (in the `<Name>Emulator` module) with one `ExampleRoute` per
/// operation, and this turns them into an `EmulatorServer`, with the same admin API
/// (`/_admin/`), request log and fault injection as the hand-written emulators.
///
/// ```swift
/// let server = try ExampleServer.makeServer(routes: NotesExampleServer.routes)
/// let baseURL = try await server.start()          // http://127.0.0.1:<ephemeral port>
/// ```
public enum ExampleServer {
    /// A router with a route for each of `routes`.
    public static func makeRouter(routes: [ExampleRoute]) throws(RouterError) -> Router {
        var router = Router()
        for route in routes {
            try router.add(route.method, route.path, name: route.name) { request, parameters in
                route.respond(to: request, pathParameters: parameters)
            }
        }
        return router
    }

    /// A server answering `routes`; start it with `start()` (127.0.0.1, any free port).
    public static func makeServer(routes: [ExampleRoute], clock: any SDKClock = SystemClock()) throws(RouterError)
        -> EmulatorServer
    {
        EmulatorServer(router: try makeRouter(routes: routes), clock: clock)
    }
}
