import Foundation
import MobileJoeAPI
import SDKEmulator
import SDKRuntime
import Testing
import VoidhashAPI

/// Each fault the emulator can inject, met by the generated clients over the real stack
/// (`URLSessionTransport` inside `RetryingTransport`, real loopback HTTP): the error kind the
/// caller sees, whether the request was sent again, and what the server applied.
@Suite("Generated clients under faults, over loopback HTTP", .timeLimit(.minutes(3)))
struct ClientFaultTests {
    private static let getPerson = VoidhashEmulator.routeName(for: .getPerson)
    private static let captureEvents = VoidhashEmulator.routeName(for: .captureEvents)
    private static let mobileJoeIdentify = MobileJoeEmulator.routeName(for: .identify)

    /// A person seeded on `emulator`, and the snapshot the API answers for it.
    private func seededPerson(in emulator: VoidhashHarness) throws -> Person {
        let distinctId = anonymousId()
        emulator.state.seedPerson(VoidhashPersonSeed(distinctId: distinctId, email: "ada@example.com", name: "Ada"))
        return try #require(emulator.state.person(distinctId))
    }

    /// An event with ID `id`.
    private func event(_ id: String) -> Event {
        Event(
            id: id, event: "report_shared", distinctId: "user_123", timestamp: voidhashTestEpoch, sessionId: "s1",
            properties: [:])
    }

    /// The `Idempotency-Key` of every request to `route`, in arrival order.
    private func idempotencyKeys(_ server: EmulatorServer, route: String) -> [String?] {
        server.requests(route: route).map { $0.request.header("Idempotency-Key") }
    }

    // MARK: 1. Server down

    @Test func aServerThatIsDownIsUnreachableForBothClients() async throws {
        try await withUnreachableBaseURL { baseURL in
            let stack = ClientFaultStack()
            let voidhash = Task {
                await APIOutcome.of { try await stack.voidhash(baseURL).getPerson(distinctId: anonymousId()) }
            }
            // No connection is worth retrying: the retry layer waits its back-off, then is refused again.
            #expect(await stack.passBackoff(of: voidhash))
            #expect(await voidhash.value.error?.category == .unreachable)

            let mobileJoe = Task { await APIOutcome.of { try await stack.mobileJoe(baseURL).listAlerts() } }
            #expect(await stack.passBackoff(of: mobileJoe))
            let error = try #require(await mobileJoe.value.error)
            #expect(error.category == .unreachable)
            #expect(error.status == nil)
            #expect(stack.retryClock.sleeperCount == 0)
        }
    }

    // MARK: 2. Slower than the time limit

    @Test func aResponseSlowerThanTheTimeLimitIsATimeoutWorthRetrying() async throws {
        try await withVoidhashEmulator { emulator in
            let person = try seededPerson(in: emulator)
            let stack = ClientFaultStack()
            emulator.server.inject(.hold, route: Self.getPerson)
            let call = Task {
                await APIOutcome.of {
                    try await stack.voidhash(emulator.baseURL).getPerson(distinctId: person.distinctId)
                }
            }
            let server = emulator.server
            let held: @Sendable () async -> Void = { _ = await server.waitUntilHeld(route: Self.getPerson) }
            let clock = stack.timeoutClock
            try #require(await waitFor(held, orEndOf: call))
            try #require(await waitFor({ await clock.waitForSleepers(1) }, orEndOf: call))
            stack.timeoutClock.advance(by: ClientFaultStack.timeout - .milliseconds(1))
            #expect(stack.timeoutClock.sleeperCount == 1)  // not timed out yet
            #expect(stack.retryClock.sleeperCount == 0)
            stack.timeoutClock.advance(by: .milliseconds(1))
            // Timed out: the retry layer waits its back-off (the first request, abandoned, is let go).
            try #require(await stack.retryWaitBegins(in: call))
            emulator.server.release(route: Self.getPerson)
            try #require(await stack.passBackoff(of: call))
            try #require(await waitFor(held, orEndOf: call))
            try #require(await stack.passTimeout(of: call))

            let outcome = await call.value
            #expect(outcome.value == nil)
            let error = try #require(outcome.error)
            #expect(error.category == .retryable)
            #expect(error.status == nil)
            #expect(error.message == "The request timed out.")
            #expect(emulator.server.requests(route: Self.getPerson).count == 2)
        }
    }

    // MARK: 3. Connection dropped

    @Test(
        "a dropped connection is a transport error, retried, and only the retry's answer is decoded",
        arguments: [Fault.dropConnection, .dropAfterHeaders])
    func aDroppedConnectionIsRetriedAndOnlyTheRetryIsDecoded(fault: Fault) async throws {
        try await withVoidhashEmulator { emulator in
            let person = try seededPerson(in: emulator)
            let stack = ClientFaultStack()
            emulator.server.inject(fault, route: Self.getPerson, scope: .next(1))
            let call = Task {
                await APIOutcome.of {
                    try await stack.voidhash(emulator.baseURL).getPerson(distinctId: person.distinctId)
                }
            }
            #expect(await stack.passBackoff(of: call))
            let outcome = await call.value
            #expect(outcome.error == nil)
            #expect(outcome.value == person)
            #expect(emulator.server.requests(route: Self.getPerson).map(\.fault) == [fault, nil])
        }
    }

    @Test func aResponseCutOffOnEveryAttemptIsAConnectionErrorAndTheWriteIsAppliedOnce() async throws {
        try await withVoidhashEmulator { emulator in
            let stack = ClientFaultStack()
            let key = idempotencyKey()
            // The handler runs, then the answer is cut off: the write is applied, the client never
            // learns it, and sends it again under the same key.
            emulator.server.inject(.dropAfterHeaders, route: Self.captureEvents)
            let call = Task {
                await APIOutcome.of {
                    try await stack.voidhash(emulator.baseURL).captureEvents(
                        body: EventBatch(events: [event("e1")]), idempotencyKey: key)
                }
            }
            #expect(await stack.passBackoff(of: call))
            let outcome = await call.value
            #expect(outcome.value == nil)
            let error = try #require(outcome.error)
            #expect(error.category == .retryable)
            #expect(error.status == nil)
            #expect(error.message.hasPrefix("The connection was lost"))
            #expect(idempotencyKeys(emulator.server, route: Self.captureEvents) == [key, key])
            #expect(emulator.state.events.map(\.id) == ["e1"])
        }
    }

    // MARK: 4. 500, then 200

    @Test func aServerErrorIsRetriedUnderTheSameKeyAndAppliedOnce() async throws {
        try await withVoidhashEmulator { emulator in
            let stack = ClientFaultStack()
            let key = idempotencyKey()
            emulator.server.inject(.status(500, code: "INTERNAL"), route: Self.captureEvents, scope: .next(1))
            let call = Task {
                await APIOutcome.of {
                    try await stack.voidhash(emulator.baseURL).captureEvents(
                        body: EventBatch(events: [event("e1")]), idempotencyKey: key)
                }
            }
            try #require(await stack.retryWaitBegins(in: call))
            #expect(emulator.server.requests(route: Self.captureEvents).count == 1)  // waiting, not re-sent
            #expect(await stack.passBackoff(of: call))
            let outcome = await call.value
            #expect(outcome.error == nil)
            #expect(outcome.value == EventBatchResult(accepted: 1, rejected: []))

            let arrived = emulator.server.requests(route: Self.captureEvents)
            #expect(arrived.map(\.fault) == [.status(500, code: "INTERNAL"), nil])
            #expect(arrived.map { $0.request.header("Idempotency-Key") } == [key, key])
            #expect(arrived.first?.request.body == arrived.last?.request.body)
            // Applied once, as the admin API reads it over HTTP.
            let admin = try await emulator.send("GET", VoidhashEmulator.adminPrefix + "/events")
            #expect(admin.status == 200)
            let stored = try JSONCoding.makeDecoder().decode(AdminEventList.self, from: admin.body)
            #expect(stored.events.map(\.id) == ["e1"])
        }
    }

    @Test func mobileJoeRetriesAServerErrorUnderTheSameKeyAndAppliesItOnce() async throws {
        try await withMobileJoeEmulator { server, state, baseURL in
            let stack = ClientFaultStack()
            let key = idempotencyKey()
            server.inject(.status(503, code: "INTERNAL"), route: Self.mobileJoeIdentify, scope: .next(1))
            let call = Task { await APIOutcome.of { try await stack.mobileJoe(baseURL).identify(idempotencyKey: key) } }
            try #require(await stack.retryWaitBegins(in: call))
            #expect(server.requests(route: Self.mobileJoeIdentify).count == 1)
            #expect(await stack.passBackoff(of: call))
            let outcome = await call.value
            #expect(outcome.error == nil)
            let anonymousId = stack.mobileJoeHeaders[field: "Identity-Anonymous-ID"]
            #expect(outcome.value?.anonymousId == anonymousId)
            #expect(idempotencyKeys(server, route: Self.mobileJoeIdentify) == [key, key])
            #expect(state.identities.map(\.anonymousId) == [anonymousId])
        }
    }

    // MARK: 5. 429 with Retry-After

    /// Seven seconds, as a number and as an HTTP-date seven seconds after the retry clock's start
    /// (2023-11-14T22:13:20Z).
    @Test(
        "a rate limit is retried after exactly the seven seconds of Retry-After, on the injected clock",
        arguments: ["7", "Tue, 14 Nov 2023 22:13:27 GMT"])
    func aRateLimitIsRetriedAfterExactlyRetryAfter(retryAfter: String) async throws {
        try await withVoidhashEmulator { emulator in
            let person = try seededPerson(in: emulator)
            let stack = ClientFaultStack()
            let rateLimited = Fault.status(429, code: "RATE_LIMITED", retryAfter: retryAfter)
            emulator.server.inject(rateLimited, route: Self.getPerson, scope: .next(1))
            let call = Task {
                await APIOutcome.of {
                    try await stack.voidhash(emulator.baseURL).getPerson(distinctId: person.distinctId)
                }
            }
            try #require(await stack.retryWaitBegins(in: call))
            stack.retryClock.advance(by: .seconds(7) - .milliseconds(1))
            #expect(stack.retryClock.sleeperCount == 1)  // still waiting, past the plain 1 s back-off
            #expect(emulator.server.requests(route: Self.getPerson).count == 1)
            stack.retryClock.advance(by: .milliseconds(1))
            let outcome = await call.value
            #expect(outcome.error == nil)
            #expect(outcome.value == person)
            #expect(stack.retryClock.elapsed == .seconds(7))
            #expect(emulator.server.requests(route: Self.getPerson).map(\.fault) == [rateLimited, nil])
        }
    }

    @Test func aRateLimitOnEveryAttemptTellsTheCallerHowLongToWait() async throws {
        try await withVoidhashEmulator { emulator in
            let person = try seededPerson(in: emulator)
            let stack = ClientFaultStack()
            emulator.server.inject(.status(429, code: "RATE_LIMITED", retryAfter: "7"), route: Self.getPerson)
            let call = Task {
                await APIOutcome.of {
                    try await stack.voidhash(emulator.baseURL).getPerson(distinctId: person.distinctId)
                }
            }
            try #require(await stack.retryWaitBegins(in: call))
            stack.retryClock.advance(by: .seconds(7))
            let error = try #require(await call.value.error)
            #expect(error.category == .retryable)
            #expect(error.status == 429)
            #expect(error.code == "RATE_LIMITED")
            #expect(error.retryAfter == .seconds(7))
            #expect(emulator.server.requests(route: Self.getPerson).count == 2)
        }
    }

    // MARK: 6. 401

    @Test func aRefusedKeyIsAnAuthenticationFailureAndIsNotRetried() async throws {
        try await withVoidhashEmulator { emulator in
            let stack = ClientFaultStack()
            emulator.server.inject(.rejectKey, route: Self.captureEvents)
            let outcome = await APIOutcome.of {
                try await stack.voidhash(emulator.baseURL).captureEvents(
                    body: EventBatch(events: [event("e1")]), idempotencyKey: idempotencyKey())
            }
            let error = try #require(outcome.error)
            #expect(error.category == .authenticationFailed)
            #expect(error.status == 401)
            #expect(error.code == "AUTHENTICATION_FAILED")
            #expect(emulator.server.requests(route: Self.captureEvents).count == 1)
            #expect(stack.retryClock.sleeperCount == 0)
            #expect(emulator.state.events.isEmpty)
        }
    }

    @Test func mobileJoeTreatsARefusedKeyAsAnAuthenticationFailureAndDoesNotRetry() async throws {
        try await withMobileJoeEmulator { server, state, baseURL in
            let stack = ClientFaultStack()
            server.inject(.rejectKey, route: Self.mobileJoeIdentify)
            let outcome = await APIOutcome.of {
                try await stack.mobileJoe(baseURL).identify(idempotencyKey: idempotencyKey())
            }
            let error = try #require(outcome.error)
            #expect(error.category == .authenticationFailed)
            #expect(error.status == 401)
            #expect(error.code == "AUTHENTICATION_FAILED")
            #expect(server.requests(route: Self.mobileJoeIdentify).count == 1)
            #expect(stack.retryClock.sleeperCount == 0)
            #expect(state.identities.isEmpty)
        }
    }

    // MARK: 7. Malformed body on a 2xx

    @Test func aMalformedSuccessBodyIsAnInvalidResponseAndIsNotRetried() async throws {
        try await withVoidhashEmulator { emulator in
            let person = try seededPerson(in: emulator)
            let stack = ClientFaultStack()
            emulator.server.inject(.malformedBody, route: Self.getPerson, scope: .next(1))
            let client = stack.voidhash(emulator.baseURL)
            let outcome = await APIOutcome.of { try await client.getPerson(distinctId: person.distinctId) }
            #expect(outcome.value == nil)
            let error = try #require(outcome.error)
            #expect(error.category == .invalidResponse)
            #expect(error.status == 200)
            #expect(emulator.server.requests(route: Self.getPerson).count == 1)
            #expect(stack.retryClock.sleeperCount == 0)
            // The next read, answered properly, decodes.
            #expect(try await client.getPerson(distinctId: person.distinctId) == person)
        }
    }
}

/// The answer of the Voidhash admin route `GET /events`.
private struct AdminEventList: Decodable {
    var events: [Event]
}
