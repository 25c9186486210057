import Foundation
import MobileJoeAPI
import SDKEmulator
import SDKRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Valid identity headers for raw requests.
let rawIdentity = [
    "Authorization": testAPIKey,
    "Identity-Anonymous-ID": "$MBJAnonymousID:0b6f9d2e4c1a4c449a571f0e2b3c4d5e",
    "Identity-Device-ID": "$MBJDeviceID:00000000000040008000000000000000",
]

/// Sends a raw request to the emulator and returns the status and the error code, if any.
func rawSend(
    _ baseURL: URL, _ method: String, _ path: String, headers: [String: String]
) async throws -> (status: Int, code: String?, body: Data) {
    var request = URLRequest(url: try #require(URL(string: baseURL.absoluteString + path)))
    request.httpMethod = method
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
    let status = try #require(response as? HTTPURLResponse).statusCode
    return (status, try? JSONDecoder().decode(EmulatorErrorBody.self, from: data).error.code, data)
}

@Suite("Mobile Joe emulator routes", .timeLimit(.minutes(3)))
struct MobileJoeEmulatorTests {
    @Test func everyGeneratedOperationHasARoute() throws {
        let router = try MobileJoeEmulator.makeRouter(state: MobileJoeEmulatorState())
        #expect(router.routes.count == MobileJoeOperation.allCases.count)
        for operation in MobileJoeOperation.allCases {
            let path = operation.pathTemplate.replacingOccurrences(of: "{planId}", with: "dark-mode")
            guard case .matched(let route, _) = router.resolve(method: operation.method, path: path) else {
                Issue.record("\(operation) is not routed")
                continue
            }
            #expect(route.name == MobileJoeEmulator.routeName(for: operation))
        }
    }

    @Test func aMissingAuthorizationIsAuthenticationFailed() async throws {
        try await withJoe { joe in
            var headers = rawIdentity
            headers["Authorization"] = nil
            let answer = try await rawSend(joe.baseURL, "GET", "/v1/alerts", headers: headers)
            #expect(answer.status == 401 && answer.code == "AUTHENTICATION_FAILED")
        }
    }

    @Test(
        arguments: [
            ("Identity-Anonymous-ID", nil),
            ("Identity-Anonymous-ID", "$MBJAnonymousID:0b6f9d2e-4c1a-4c44-9a57-1f0e2b3c4d5e"),
            ("Identity-Anonymous-ID", "$MBJDeviceID:00000000000040008000000000000000"),
            ("Identity-Device-ID", nil),
            ("Identity-Device-ID", "$MBJDeviceID:"),
            ("Identity-External-ID", "$MBJExternalID:abc"),
            ("Identity-External-ID", "$MBJExternalID:BA7816BF8F01CFEA414140DE5DAE2223"),
        ] as [(String, String?)])
    func invalidIdentityHeadersAreInvalidArgument(name: String, value: String?) async throws {
        try await withJoe { joe in
            var headers = rawIdentity
            headers[name] = value
            let answer = try await rawSend(joe.baseURL, "GET", "/v1/feature-plans", headers: headers)
            #expect(answer.status == 400 && answer.code == "INVALID_ARGUMENT")
        }
    }

    @Test func aValidExternalIDIsAccepted() async throws {
        try await withJoe { joe in
            var headers = rawIdentity
            headers["Identity-External-ID"] = "$MBJExternalID:ba7816bf8f01cfea414140de5dae2223"
            let answer = try await rawSend(joe.baseURL, "GET", "/v1/feature-plans", headers: headers)
            #expect(answer.status == 200)
        }
    }

    @Test func mutatingCallsNeedAnIdempotencyKeyAndIdentifyAppliesEachKeyOnce() async throws {
        try await withJoe(plans: [darkMode]) { joe in
            let missing = try await rawSend(joe.baseURL, "POST", "/v1/identify", headers: rawIdentity)
            #expect(missing.status == 400 && missing.code == "INVALID_ARGUMENT")
            let vote = try await rawSend(joe.baseURL, "POST", "/v1/feature-plans/dark-mode/votes", headers: rawIdentity)
            #expect(vote.status == 400)

            var keyed = rawIdentity
            keyed["Idempotency-Key"] = "key-1"
            let first = try await rawSend(joe.baseURL, "POST", "/v1/identify", headers: keyed)
            let second = try await rawSend(joe.baseURL, "POST", "/v1/identify", headers: keyed)
            #expect(first.status == 200 && second.status == 200 && first.body == second.body)
            #expect(joe.state.identities.count == 1)
            let result = try JSONCoding.makeDecoder().decode(IdentifyResult.self, from: first.body)
            #expect(result.anonymousId == rawIdentity["Identity-Anonymous-ID"] && result.externalId == nil)
            let recordedAt = try #require(joe.state.identities.first?.identifiedAt)
            #expect(abs(result.identifiedAt.timeIntervalSince(recordedAt)) < 0.001, "sent with milliseconds")
        }
    }

    @Test func searchTermsAreCheckedByTheGeneratedRule() async throws {
        try await withJoe { joe in
            let long = String(repeating: "a", count: SearchTermRule.maxLength + 1)
            for path in ["/v1/faqs", "/v1/faqs?term=%20%20", "/v1/faqs?term=\(long)"] {
                let answer = try await rawSend(joe.baseURL, "GET", path, headers: rawIdentity)
                #expect(answer.status == 400 && answer.code == "INVALID_ARGUMENT", "\(path.prefix(20))")
            }
            let fine = try await rawSend(joe.baseURL, "GET", "/v1/faqs?term=refund", headers: rawIdentity)
            #expect(fine.status == 200)
        }
    }

    @Test func resetForgetsIdentitiesAndVotesAndRestoresTheSeeds() async throws {
        try await withJoe(plans: [darkMode]) { joe in
            let instance = try await joe.configured()
            _ = try await instance.vote(planID: "dark-mode")
            joe.state.seedAlerts([maintenance])
            joe.state.seedFAQs([refundFAQ])
            joe.state.seedPlans([darkMode, widgets])
            #expect(joe.state.voteCount(planID: "dark-mode") == 11)
            #expect(try await instance.alerts() == [maintenance])
            #expect(try await instance.featurePlans().count == 2)

            await joe.server.reset()
            #expect(joe.state.identities.isEmpty)
            #expect(joe.state.voteCount(planID: "dark-mode") == 10)
            #expect(joe.state.voteCount(planID: "widgets") == nil)
            #expect(try await instance.alerts() == [])
            #expect(try await instance.searchFAQs(term: "refund") == [])
        }
    }

    @Test func votesOfAnAnonymousIDMoveToTheAccountItIsFirstSeenWith() async throws {
        try await withJoe(plans: [darkMode, widgets]) { joe in
            var anonymous = rawIdentity
            anonymous["Idempotency-Key"] = "vote-1"
            _ = try await rawSend(joe.baseURL, "POST", "/v1/feature-plans/dark-mode/votes", headers: anonymous)
            #expect(joe.state.votes(of: rawIdentity["Identity-Anonymous-ID"] ?? "") == ["dark-mode"])

            var signedIn = rawIdentity
            signedIn["Identity-External-ID"] = ExternalId.make(from: "account-42")
            let plans = try await rawSend(joe.baseURL, "GET", "/v1/feature-plans", headers: signedIn)
            let list = try JSONCoding.makeDecoder().decode(FeaturePlanList.self, from: plans.body)
            #expect(list.plans.map(\.hasVoted) == [true, false])
            #expect(joe.state.votes(of: rawIdentity["Identity-Anonymous-ID"] ?? "").isEmpty)
            #expect(joe.state.votes(of: ExternalId.make(from: "account-42")) == ["dark-mode"])
        }
    }
}
