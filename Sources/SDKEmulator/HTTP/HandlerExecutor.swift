import SDKRuntime

/// Where the emulator's request handlers run: serial dispatch queues of their own, not Swift's
/// cooperative pool. Tests that keep the pool's few threads busy (on a 2-core machine, two
/// CPU-bound tests are enough) must not stall the server that other tests are talking to.
///
/// Every queue is serial: only a serial queue gets a thread whenever it has work (it targets an
/// overcommitting root queue). A concurrent queue shares the threads of the global queue of its
/// quality of service, which on Linux also run Swift's global executor, so its handlers waited
/// until the CPU-bound tasks there were done.
enum HandlerExecutor {
    /// An executor for one connection's route handlers. A connection serves one request at a
    /// time, so with a queue of its own no handler waits for another connection's.
    static func connection() -> DispatchTaskExecutor {
        DispatchTaskExecutor(label: "sdk-emulator.connection")
    }

    /// An executor for one server's admin API, running one handler at a time: however many
    /// admin clients ask for a large request log at once, they take at most one processor from
    /// the routes, and never delay another server's admin API.
    static func admin() -> DispatchTaskExecutor {
        DispatchTaskExecutor(label: "sdk-emulator.admin")
    }
}
