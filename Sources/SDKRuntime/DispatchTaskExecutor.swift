import Dispatch

/// A task executor backed by a dispatch queue of its own rather than Swift's cooperative pool.
///
/// Work started with it as its executor preference (`Task(executorPreference:)`) keeps running
/// on the queue across its awaits: it never waits behind whatever else fills the pool's few
/// threads (one per processor), as an app's own tasks or a test's CPU-bound work do. The queue
/// targets an overcommitting root queue, so it always gets a thread.
package final class DispatchTaskExecutor: TaskExecutor {
    private let queue: DispatchQueue

    /// An executor over a new serial queue labelled `label`.
    package init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Runs `job` on the queue.
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
