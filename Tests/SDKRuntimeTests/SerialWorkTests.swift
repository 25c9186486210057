import SDKRuntime
import Synchronization
import Testing

/// The one task chain both SDKs keep their calls in order with.
@Suite("SerialWork", .timeLimit(.minutes(3)))
struct SerialWorkTests {
    /// What the pieces of work did, in order.
    final class Log: Sendable {
        let entries = Mutex<[String]>([])

        func note(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    @Test func workRunsInTheOrderItWasHandedOverEachPieceToItsEnd() async {
        let work = SerialWork()
        let log = Log()
        for index in 0..<5 {
            work.add {
                log.note("start \(index)")
                // A piece that suspends does not let the next one start.
                await Task.yield()
                log.note("end \(index)")
            }
        }
        await work.idle()
        #expect(log.all == (0..<5).flatMap { ["start \($0)", "end \($0)"] })
        #expect(work.pendingCount == 0)
    }

    @Test func runReturnsItsOwnValueAfterTheWorkBeforeIt() async {
        let work = SerialWork()
        let log = Log()
        let gate = AsyncStream<Void>.makeStream()
        work.add {
            for await _ in gate.stream {}
            log.note("first")
        }
        #expect(work.pendingCount == 1)
        let second = Task {
            await work.run {
                log.note("second")
                return 42
            }
        }
        while work.pendingCount < 2 { await Task.yield() }
        gate.continuation.finish()
        #expect(await second.value == 42)
        #expect(log.all == ["first", "second"])
    }

    @Test func idleWaitsForWorkAddedWhileItWaits() async {
        let work = SerialWork()
        let log = Log()
        work.add {
            work.add { log.note("added by the first") }
            log.note("first")
        }
        await work.idle()
        #expect(log.all == ["first", "added by the first"])
        #expect(work.pendingCount == 0)
    }
}
