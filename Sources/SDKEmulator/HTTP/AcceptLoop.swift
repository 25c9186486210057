import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Accepts connections on a dedicated thread and starts one thread per connection.
struct AcceptLoop: Sendable {
    let listener: ListeningSocket
    let wake: WakePipe
    let registry: ConnectionRegistry
    let dispatcher: RequestDispatcher
    let limits: ServerLimits
    /// Entered for every thread started, left when it ends; `stop()` waits on it.
    let threads: DispatchGroup

    /// Starts the loop on its own thread.
    func start() {
        startThread { run() }
    }

    private func run() {
        while true {
            var entries = [
                pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&entries, nfds_t(entries.count), -1)
            if ready < 0 && POSIX.errorNumber == EINTR { continue }
            if ready < 0 || entries[1].revents != 0 { return }
            acceptPending()
        }
    }

    private func acceptPending() {
        while true {
            switch listener.accept() {
            case .connection(let descriptor):
                admit(ConnectionSocket(descriptor: descriptor, writeTimeout: limits.writeTimeout))
            case .nothing:
                return
            case .failed:
                usleep(10_000)  // out of descriptors or memory: back off instead of spinning
                return
            }
        }
    }

    private func admit(_ socket: ConnectionSocket) {
        let admission = registry.admit(socket)
        switch admission {
        case .admitted, .adminOnly:
            let handler = ConnectionHandler(
                socket: socket, dispatcher: dispatcher, registry: registry, limits: limits,
                adminOnly: admission == .adminOnly)
            startThread { handler.run() }
        case .full:
            let refusal = ProtocolError(status: 503, message: "Too many connections; try again shortly.")
            _ = socket.write(ResponseSerializer.refusal(refusal))
            socket.close()
        case .closing:
            socket.close()
        }
    }

    private func startThread(_ body: @escaping @Sendable () -> Void) {
        threads.enter()
        let threads = threads
        let thread = Thread {
            body()
            threads.leave()
        }
        thread.stackSize = 512 * 1024
        thread.start()
    }
}
