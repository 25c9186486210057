import Dispatch

/// Where the emulator's request handlers run: dispatch queues of their own, not Swift's
/// cooperative pool. Tests that keep the pool's few threads busy (on a 2-core machine, two
/// CPU-bound tests are enough) must not stall the server that other tests are talking to.
final class HandlerExecutor: TaskExecutor {
    /// The API routes' handlers, every server's: a concurrent queue, so no handler waits for
    /// another.
    static let routes = HandlerExecutor(label: "sdk-emulator.routes", attributes: .concurrent)

    /// An executor for one server's admin API, running one handler at a time: however many
    /// admin clients ask for a large request log at once, they take at most one processor from
    /// the routes, and never delay another server's admin API.
    static func admin() -> HandlerExecutor {
        HandlerExecutor(label: "sdk-emulator.admin", attributes: [])
    }

    /// The queue; it targets an overcommitting root queue, so it always gets a thread.
    private let queue: DispatchQueue

    private init(label: String, attributes: DispatchQueue.Attributes) {
        queue = DispatchQueue(label: label, attributes: attributes)
    }

    /// Runs `job` on the queue.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
