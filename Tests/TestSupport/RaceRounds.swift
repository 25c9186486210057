import Foundation
import Synchronization

/// Runs `body` on `threads` threads of their own for `rounds` rounds; every thread starts each
/// round at the same moment as the others (they wait for each other, spinning, so none is
/// descheduled at the start line). For tests of what happens when processes act at once.
public func raceRounds(
    _ rounds: Int, threads: Int = 2, _ body: @escaping @Sendable (_ thread: Int, _ round: Int) -> Void
) {
    let arrived = Atomic<Int>(0)
    let finished = DispatchSemaphore(value: 0)
    for thread in 0..<threads {
        Thread {
            for round in 0..<rounds {
                arrived.add(1, ordering: .sequentiallyConsistent)
                while arrived.load(ordering: .sequentiallyConsistent) < threads * (round + 1) {}
                body(thread, round)
            }
            finished.signal()
        }.start()
    }
    for _ in 0..<threads { finished.wait() }
}

/// `raceRounds(_:threads:_:)` for an async test: the rounds run while the test's task waits
/// without holding a thread of the concurrency pool, so bodies that wait for tasks of their
/// own (on that pool) can finish.
public func raceRounds(
    _ rounds: Int, threads: Int = 2, _ body: @escaping @Sendable (_ thread: Int, _ round: Int) -> Void
) async {
    await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
        Thread {
            raceRounds(rounds, threads: threads, body)
            finished.resume()
        }.start()
    }
}
