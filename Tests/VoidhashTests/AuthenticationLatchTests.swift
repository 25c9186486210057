import SDKRuntime
import Testing

@testable import Voidhash

@Suite("The refused-key latch as a value", .timeLimit(.minutes(3)))
struct AuthenticationLatchTests {
    let refused = APIError(category: .authenticationFailed, message: "refused")
    let unreachable = APIError(category: .unreachable, message: "offline")

    @Test func aReadThrowsARefusedKeyOnceAndOnlyWithNothingCached() {
        var latch = AuthenticationLatch()
        let answers = [
            latch.shouldThrow(for: unreachable, hasCachedAnswer: false),
            latch.shouldThrow(for: refused, hasCachedAnswer: true),
            latch.shouldThrow(for: refused, hasCachedAnswer: false),
            latch.shouldThrow(for: refused, hasCachedAnswer: false),
        ]
        #expect(answers == [false, false, true, false], "only a refused key with nothing cached, once")
        #expect(latch.hasThrown)
    }

    @Test func aRefusedKeyIsReportedOnceWhateverTheReadsThrew() {
        var latch = AuthenticationLatch()
        let answers = [
            latch.shouldReport(unreachable),
            latch.shouldThrow(for: refused, hasCachedAnswer: false),
            latch.shouldReport(refused),
            latch.shouldReport(refused),
        ]
        #expect(answers == [false, true, true, false], "throwing and reporting are counted apart")
        #expect(latch.hasReported)
    }
}
