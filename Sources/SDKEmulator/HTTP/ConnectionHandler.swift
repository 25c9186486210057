import Dispatch
import Foundation
import SDKRuntime

/// Serves one connection on its own thread: reads requests, hands each to the dispatcher, writes
/// the answers, until the client closes, a limit is hit, or the server stops.
struct ConnectionHandler: Sendable {
    let socket: ConnectionSocket
    let dispatcher: RequestDispatcher
    let registry: ConnectionRegistry
    let limits: ServerLimits
    /// Whether the connection holds a place kept for the admin API: it serves one request under
    /// `/_admin/` and refuses any other with 503, as a full server does.
    let adminOnly: Bool
    /// Where this connection's route handlers run.
    let routesExecutor = HandlerExecutor.connection()

    /// The whole life of the connection; ends it before returning. The socket is shut down
    /// before it is closed: a child process that another thread started meanwhile may hold a
    /// copy of the descriptor, and `close` alone would then leave the client waiting for the
    /// end of the connection until that child exits.
    func run() {
        defer {
            registry.remove(socket)
            socket.shutdownBoth()
            socket.close()
        }
        var reader = RequestReader(socket: socket, limits: limits)
        while true {
            registry.markIdle(socket)
            switch reader.next(
                began: { registry.markBusy(socket) },
                sendContinue: { socket.write(ResponseSerializer.continueResponse) })
            {
            case .closed:
                return
            case .refused(let error):
                if socket.write(ResponseSerializer.refusal(error)) { lingeringClose() }
                return
            case .request(let head, let body):
                if adminOnly {
                    guard RequestDispatcher.isAdminPath(head.path) else {
                        let refusal = ProtocolError(status: 503, message: "Too many connections; try again shortly.")
                        if socket.write(ResponseSerializer.refusal(refusal)) { lingeringClose() }
                        return
                    }
                    _ = serve(head: head, body: body, keepAlive: false)
                    return
                }
                guard serve(head: head, body: body) else { return }
            }
        }
    }

    /// Handles one request; `true` when the connection stays open for the next, which it may
    /// only when `keepAlive` allows.
    private func serve(head: RequestHead, body: Data, keepAlive allowed: Bool = true) -> Bool {
        let request = EmulatorRequest(
            method: head.method, path: head.path, query: head.query, headers: head.headers, body: body,
            receivedAt: dispatcher.controls.clock.now())
        let prepared = dispatcher.prepare(request)
        switch waitForPlan(prepared) {
        case .respond(let response):
            let keepAlive =
                allowed && head.keepAlive && !registry.isClosing && !ResponseSerializer.requestsClose(response)
            let bytes = ResponseSerializer.serialize(
                response, method: head.method, keepAlive: keepAlive, minorVersion: head.minorVersion)
            guard socket.write(bytes) else { return false }
            if !keepAlive { lingeringClose() }
            return keepAlive
        case .drop:
            return false
        case .dropAfterHeaders(let response):
            let announced = max(response.body.count, 1)
            _ = socket.write(
                ResponseSerializer.head(
                    for: response, bodyLength: announced, keepAlive: true, minorVersion: head.minorVersion)
                    + response.body.prefix(response.body.count / 2))
            return false
        }
    }

    /// Runs the dispatcher's async part as a task on the emulator's own executors (never waiting
    /// for Swift's cooperative pool, and an admin request never waiting for a route's handler)
    /// and blocks this (dedicated, non-pool) thread until it finishes. `stop()` cancels the task
    /// through the registry.
    private func waitForPlan(_ prepared: RequestDispatcher.Prepared) -> ResponsePlan {
        let result = TaskResultHandoff<ResponsePlan>()
        let dispatcher = dispatcher
        let executor: DispatchTaskExecutor
        switch prepared.destination {
        case .admin: executor = dispatcher.adminExecutor
        case .routes: executor = routesExecutor
        }
        let task = Task(executorPreference: executor) {
            result.deliver(await dispatcher.execute(prepared))
        }
        registry.attach(task, to: socket)
        let plan = result.wait()
        registry.detachTask(from: socket)
        return plan ?? .drop
    }

    /// Closes gracefully so the client reads the whole response before the connection ends.
    private func lingeringClose() {
        socket.lingeringClose(
            byteLimit: limits.maxBodyBytes + limits.maxHeadBytes, deadline: .now + .seconds(1))
    }
}
