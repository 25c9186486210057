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
