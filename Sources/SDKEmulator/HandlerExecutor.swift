import Dispatch

/// Where the emulator's request handlers run: a dispatch queue of its own, not Swift's
/// cooperative pool. Tests that keep the pool's few threads busy (on a 2-core machine, two
/// CPU-bound tests are enough) must not stall the server that other tests are talking to.
final class HandlerExecutor: TaskExecutor {
    /// The one executor every server's handlers share.
    static let shared = HandlerExecutor()

    /// A serial queue: it targets an overcommitting root queue, so it always gets a thread.
    private let queue = DispatchQueue(label: "sdk-emulator.handlers")

    /// Runs `job` on the queue.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
