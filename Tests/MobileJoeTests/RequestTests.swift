import Foundation
import MobileJoe
import MobileJoeAPI
import SDKEmulator
import SDKRuntime
import Testing

/// The headers of the page's iOS column that every request must carry, with the values the
/// harness configures, for `identity`.
func expectedHeaders(for identity: IdentityFile, debugMode: Bool = false) -> [String: String] {
    var headers = [
        "Authorization": testAPIKey,
        "Identity-Anonymous-ID": identity.anonymousId,
        "Identity-Device-ID": identity.deviceId,
        "Framework-Version": Joe.frameworkVersion,
        "App-Version": "2.3",
        "App-Build-Version": "45",
        "OS-Name": "iOS",
        "OS-Version": "18.2.0",
        "Device-Model": "iPhone16,2",
        "Preferred-Languages": "en-US, cs-CZ, de-DE",
        "Debug-Mode": debugMode ? "true" : "false",
    ]
    headers["Identity-External-ID"] = identity.externalId
    return headers
}

/// The page's headers (iOS and Android columns) that `request` carries, each once.
func pageHeaders(of request: EmulatorRequest) -> [String: String] {
    let names = [
        "Authorization", "Identity-Anonymous-ID", "Identity-Device-ID", "Identity-External-ID", "Framework-Version",
        "App-Version", "App-Build-Version", "OS-Name", "OS-Version", "Device-Model", "Device-Brand",
        "Preferred-Languages", "Debug-Mode",
    ]
    var found: [String: String] = [:]
    for field in request.headers {
        guard let name = names.first(where: { $0.caseInsensitiveCompare(field.name) == .orderedSame }) else { continue }
        #expect(found[name] == nil, "\(name) is sent once")
        found[name] = field.value
    }
    return found
}

@Suite("Identify requests and request headers", .timeLimit(.minutes(3)))
struct RequestTests {
    @Test func identifyIsSentOnceAtEveryAppStart() async throws {
        try await withJoe { joe in
            let first = try await joe.configured()
            #expect(joe.requests(.identify).count == 1)
            _ = try await first.featurePlans()
            #expect(joe.requests(.identify).count == 1)
            _ = try await joe.configured()
            #expect(joe.requests(.identify).count == 2)
            #expect(joe.state.identities.count == 2)
        }
    }

    @Test func identifyIsSentOncePerIdentityChangeWithTheIdentityItAnnounces() async throws {
        try await withJoe { joe in
            let instance = try await joe.configured()
            try instance.identify(appUserID: "account-1")
            let signedIn = try #require(instance.identity)
            try instance.logout()
            let signedOut = try #require(instance.identity)
            await instance.pendingIdentify()
            let requests = joe.requests(.identify)
            #expect(requests.count == 3)
            #expect(pageHeaders(of: requests[1]) == expectedHeaders(for: signedIn))
            #expect(pageHeaders(of: requests[2]) == expectedHeaders(for: signedOut))
            #expect(requests.allSatisfy { $0.method == "POST" && $0.path == "/v1/identify" })
            #expect(Set(requests.compactMap { $0.header("Idempotency-Key") }).count == 3)
        }
    }

    @Test func aFailedIdentifyLeavesTheSDKUsableAndIsRetriedOnTheNextStartOnly() async throws {
        try await withJoe(plans: [MobileJoeEmulatorPlan(id: "dark-mode", title: "Dark mode")]) { joe in
            joe.server.inject(
                .status(500, code: "INTERNAL"), route: MobileJoeEmulator.routeName(for: .identify), scope: .next(1))
            let instance = try await joe.configured()
            #expect(joe.requests(.identify).count == 1)
            #expect(joe.state.identities.isEmpty)
            guard case .identifyRequestFailed(let error) = try #require(joe.diagnostics.all.first) else {
                Issue.record("expected the failure to be reported: \(joe.diagnostics.all)")
                return
            }
            #expect(error.status == 500 && error.mobileJoeCode == .internal, "\(error)")

            let plans = try await instance.featurePlans()
            #expect(plans.map(\.id) == ["dark-mode"])
            await instance.pendingIdentify()
            #expect(joe.requests(.identify).count == 1, "not retried before the next start")
            let storedFiles = try FileManager.default.contentsOfDirectory(atPath: joe.storageDirectory.path)
            #expect(storedFiles == ["identity.mbj"], "nothing but the identity is stored")

            let relaunched = try await joe.configured()
            #expect(joe.requests(.identify).count == 2)
            #expect(joe.state.identities.map(\.anonymousId) == [relaunched.identity?.anonymousId])
        }
    }

    @Test func everyRequestCarriesTheHeadersOfTheIOSColumn() async throws {
        try await withJoe(plans: [MobileJoeEmulatorPlan(id: "dark-mode", title: "Dark mode")]) { joe in
            let instance = try await joe.configured()
            try await Self.callEveryOperation(instance)
            let anonymous = try #require(instance.identity)
            try instance.identify(appUserID: "account-42")
            await instance.pendingIdentify()
            try await Self.callEveryOperation(instance)
            let signedIn = try #require(instance.identity)

            let requests = joe.allRequests
            #expect(requests.count == 12)
            for request in requests.prefix(6) {
                #expect(pageHeaders(of: request) == expectedHeaders(for: anonymous), "\(request.path)")
            }
            for request in requests.suffix(6) {
                #expect(pageHeaders(of: request) == expectedHeaders(for: signedIn), "\(request.path)")
            }
            #expect(Set(requests.map(\.path)).count == 5)
        }
    }

    @Test func preferredLanguagesAreReadOnceAtTheFirstRequest() async throws {
        try await withJoe { joe in
            let instance = joe.launch()
            #expect(joe.languages.readCount == 0)
            try instance.configure(withAPIKey: testAPIKey)
            await instance.pendingIdentify()
            #expect(joe.languages.readCount == 1)
            _ = try await instance.alerts()
            try instance.logout()
            await instance.pendingIdentify()
            #expect(joe.languages.readCount == 1)
            let values = joe.allRequests.map { $0.header("Preferred-Languages") }
            #expect(values == Array(repeating: "en-US, cs-CZ, de-DE", count: 3))
        }
    }

    @Test func noPreferredLanguagesHeaderWithoutLanguages() async throws {
        try await withJoe { joe in
            var options = joe.options()
            options.preferredLanguages = { [] }
            let instance = JoeInstance(options: options)
            try instance.configure(withAPIKey: testAPIKey)
            await instance.pendingIdentify()
            #expect(joe.requests(.identify).first?.header("Preferred-Languages") == nil)
        }
    }

    @Test(arguments: [false, true])
    func debugModeIsTheValuePassedToConfigure(debugMode: Bool) async throws {
        try await withJoe { joe in
            let instance = try await joe.configured(debugMode: debugMode)
            _ = try await instance.alerts()
            #expect(joe.allRequests.map { $0.header("Debug-Mode") } == Array(repeating: "\(debugMode)", count: 2))
        }
    }

    @Test func withoutOverridesTheHeadersComeFromTheSystem() async throws {
        try await withJoe { joe in
            let instance = JoeInstance(options: joe.options(appInfo: nil, deviceInfo: nil))
            try instance.configure(withAPIKey: testAPIKey)
            await instance.pendingIdentify()
            let request = try #require(joe.requests(.identify).first)
            let system = JoeDeviceInfo.current()
            let app = JoeAppInfo.mainBundle()
            #expect(request.header("OS-Name") == system.osName)
            #expect(request.header("OS-Version") == system.osVersion)
            #expect(request.header("Device-Model") == system.deviceModel)
            #expect(request.header("App-Version") == app.version)
            #expect(request.header("App-Build-Version") == app.build)
            #expect(!system.osName.isEmpty && !system.osVersion.isEmpty && !system.deviceModel.isEmpty)
        }
    }

    /// Calls every operation once (five requests).
    static func callEveryOperation(_ instance: JoeInstance) async throws {
        _ = try await instance.searchFAQs(term: "refund")
        _ = try await instance.featurePlans()
        _ = try await instance.vote(planID: "dark-mode")
        _ = try await instance.removeVote(planID: "dark-mode")
        _ = try await instance.alerts()
    }
}
