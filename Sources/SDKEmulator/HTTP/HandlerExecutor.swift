/// Where the emulator's request handlers run: dispatch queues of their own, not Swift's
/// cooperative pool. Tests that keep the pool's few threads busy (on a 2-core machine, two
/// CPU-bound tests are enough) must not stall the server that other tests are talking to.
enum HandlerExecutor {
    /// The API routes' handlers, every server's: a concurrent queue, so no handler waits for
    /// another.
    static let routes = DispatchTaskExecutor(label: "sdk-emulator.routes", concurrent: true)

    /// An executor for one server's admin API, running one handler at a time: however many
    /// admin clients ask for a large request log at once, they take at most one processor from
    /// the routes, and never delay another server's admin API.
    static func admin() -> DispatchTaskExecutor {
        DispatchTaskExecutor(label: "sdk-emulator.admin")
    }
}
