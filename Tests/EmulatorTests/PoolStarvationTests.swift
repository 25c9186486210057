import Foundation
import SDKEmulator
import Synchronization
import TestSupport
import Testing

/// The server keeps answering while CPU-bound work holds every thread of Swift's cooperative
/// pool (as parallel tests on a 2-core machine do): its handlers run on an executor of its own.
@Suite("Pool starvation", .timeLimit(.minutes(3)))
struct PoolStarvationTests {
    /// A flag the busy tasks and the client thread share.
    final class Flag: Sendable {
        let raised = Atomic<Bool>(false)
    }

    @Test("a request is answered while the cooperative pool is saturated")
    func answersWhileThePoolIsBusy() async throws {
        try await withServer { _, url in
            let answered = Flag()
            // Twice as many spinning tasks as any machine here has cores. Each spins until the
            // answer arrived, or gives up after a safety cap and reports that it did.
            let spinners = (0..<max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)).map { _ in
                Task.detached { () -> Bool in
                    let cap = ContinuousClock.now + .seconds(20)
                    while !answered.raised.load(ordering: .acquiring) {
                        if ContinuousClock.now > cap { return false }
                    }
                    return true
                }
            }
            let answer = try await offPool { () -> String in
                let client = try RawClient(port: url.serverPort, timeout: .seconds(30))
                client.write("GET /v1/ping HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
                client.shutdownWrite()
                let text = String(decoding: client.readToEnd(), as: UTF8.self)
                answered.raised.store(true, ordering: .releasing)
                return text
            }
            var allStoppedByTheAnswer = true
            for spinner in spinners where await !spinner.value { allStoppedByTheAnswer = false }
            #expect(answer.hasPrefix("HTTP/1.1 200 OK"))
            #expect(allStoppedByTheAnswer, "the answer only came once the pool was free again")
        }
    }
}
