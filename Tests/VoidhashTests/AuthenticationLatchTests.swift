import SDKRuntime
import Testing
import VoidhashAPI

@testable import Voidhash

@Suite("The refused-key latch as a value", .timeLimit(.minutes(3)))
struct AuthenticationLatchTests {
    let refused = APIError(
        category: .authenticationFailed, status: 401, code: VoidhashErrorCode.authenticationFailed.rawValue,
        message: "refused")
    let unreachable = APIError(category: .unreachable, message: "offline")

    /// A 401 or 403 without Voidhash's body (a captive portal, a proxy) is not Voidhash refusing
    /// the key: it neither throws nor is reported as one.
    @Test(arguments: [401, 403])
    func aRefusalWithoutVoidhashsBodyIsNoRefusedKey(status: Int) {
        var latch = AuthenticationLatch()
        let bodiless = APIError(category: .authenticationFailed, status: status, message: "HTTP \(status)")
        let answers = [
            latch.shouldThrow(for: bodiless, hasCachedAnswer: false), latch.shouldReport(bodiless),
            latch.shouldThrow(for: refused, hasCachedAnswer: false),
        ]
        #expect(answers == [false, false, true])
    }

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
