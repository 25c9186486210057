import Foundation
import MobileJoe
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing
import Voidhash

/// The emulator's dashboard (`/_admin/ui`) in a real headless Chromium: requests the SDKs send
/// show up in the log, a fault added from the page makes the next request fail, and the state
/// panel shows people, perks and groups (Voidhash) or identities and votes (Mobile Joe).
@Suite("Dashboard in a browser", .serialized, .timeLimit(.minutes(2)))
struct DashboardBrowserTests {
    /// How long the page may take to show what a test waits for: it refreshes all the time,
    /// but shares the machine with the whole suite.
    private static let wait: Duration = .seconds(10)

    /// Where the screenshot goes: `$DASHBOARD_SCREENSHOT`, else `.build/dashboard.png` in the
    /// package (`Docs/images/dashboard.png` is a copy of one, shown in the README).
    private static let screenshotURL: URL = {
        if let chosen = ProcessInfo.processInfo.environment["DASHBOARD_SCREENSHOT"] {
            return URL(fileURLWithPath: chosen)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/dashboard.png")
    }()

    /// A row of the page's request log for `route` with `status`.
    private static func logRow(route: String, status: Int) -> String {
        "document.querySelector('#log tbody tr[data-route=\"\(route)\"][data-status=\"\(status)\"]')"
    }

    /// Whether the state panel shows a tag reading `text`.
    private static func stateTag(_ text: String) -> String {
        "[...document.querySelectorAll('#state .tag')].some(tag => tag.textContent === \(DashboardPage.quoted(text)))"
    }

    @Test func requestsAppearLiveAndAFaultAddedOnThePageFailsTheNextRequest() async throws {
        let state = VoidhashEmulatorState()
        state.seedPerson(VoidhashPersonSeed(distinctId: "user_123", email: "ada@example.com", name: "Ada"))
        let folder = ScratchFolder()
        defer { folder.remove() }
        let server = VoidhashEmulator.makeServer(state: state)
        try await withDashboard(of: server) { page, baseURL in
            #expect(
                try await page.evaluate("document.getElementById('api-name').textContent") as? String == "· Voidhash")
            let store = SimulatedPurchaseSource()
            let voidhash = try Voidhash(
                publishableKey: VoidhashEmulator.testKey,
                options: VoidhashOptions(
                    distinctId: "user_123", baseURL: baseURL, storageDirectory: folder.url,
                    transport: loopbackTransport(), purchaseSource: store))
            let person = try await voidhash.getCurrentPerson(forceFetch: true)
            #expect(person?.distinctId == "user_123")
            try await page.waitFor(Self.logRow(route: "getPerson", status: 200), limit: Self.wait)

            // Add the fault through the page's own form, as a person would.
            _ = try await page.evaluate(
                """
                (() => {
                  document.getElementById('fault-route').value = 'getPerson';
                  const kind = document.getElementById('fault-kind');
                  kind.value = 'status';
                  kind.dispatchEvent(new Event('change'));
                  document.getElementById('fault-status').value = '400';
                  document.getElementById('fault-times').value = '1';
                  document.getElementById('fault-add').click();
                })()
                """)
            try await page.waitFor(
                "[...document.querySelectorAll('#faults li code')].some(code => code.textContent === 'getPerson')",
                limit: Self.wait)
            #expect(
                server.faults == [
                    FaultRule(
                        route: "getPerson", fault: .status(400, code: "INJECTED", retryAfter: nil), scope: .next(1))
                ])

            let afterFault = try await voidhash.getCurrentPersonState(forceFetch: true)
            #expect(afterFault.reason == .refreshFailed, "the SDK saw the refresh fail")
            let failed = server.requests(route: "getPerson").last
            #expect(failed?.status == 400 && failed?.fault != nil, "the request after the fault failed with it")
            try await page.waitFor(Self.logRow(route: "getPerson", status: 400), limit: Self.wait)
            #expect(server.faults.isEmpty, "a fault for one request is used up")

            // A perk, a group and an event for the state panel; then the events request's details.
            store.purchase(productId: "pro_monthly")
            _ = try await voidhash.syncPurchases()
            await voidhash.group(type: "company", key: "acme", properties: ["name": .string("Acme")])
            await voidhash.capture("report_shared")
            await voidhash.flush()
            try await page.waitFor(Self.stateTag("premium"), limit: Self.wait)
            try await page.waitFor(Self.stateTag("company: acme"), limit: Self.wait)
            _ = try await page.evaluate("document.querySelector('#log tbody tr[data-route=\"captureEvents\"]').click()")
            try await page.waitFor("!document.getElementById('detail-section').hidden", limit: Self.wait)
            let headers = try await page.evaluate("document.getElementById('detail-headers').textContent") as? String
            #expect(headers?.contains("Authorization") == true)
            let body = try await page.evaluate("document.getElementById('detail-body').textContent") as? String
            #expect(body?.contains("\"acme\"") == true, "the clicked request's body is shown: \(body ?? "")")

            let image = try await page.screenshot()
            #expect(image.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
            try FileManager.default.createDirectory(
                at: Self.screenshotURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try image.write(to: Self.screenshotURL)
            await voidhash.shutdown()
        }
    }

    @Test func mobileJoeIdentitiesAndVotesAppearOnThePage() async throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        try await withDashboard(of: try MobileJoeEmulator.makeServer(state: .withSampleContent())) { page, baseURL in
            #expect(
                try await page.evaluate("document.getElementById('api-name').textContent") as? String == "· Mobile Joe")
            let joe = JoeInstance(
                options: JoeOptions(storageDirectory: folder.url, baseURL: baseURL, onDiagnostic: { _ in }))
            try joe.configure(withAPIKey: "mj_public_dashboard", appUserID: "account-42")
            await joe.pendingIdentify()
            _ = try await joe.vote(planID: "dark-mode")
            let externalId = try #require(joe.identity?.externalId)
            try await page.waitFor(Self.logRow(route: "identify", status: 200), limit: Self.wait)
            try await page.waitFor(Self.logRow(route: "voteForFeaturePlan", status: 200), limit: Self.wait)
            try await page.waitFor(
                "document.getElementById('state').textContent.includes(\(DashboardPage.quoted(externalId)))",
                limit: Self.wait)
            try await page.waitFor(Self.stateTag(externalId), limit: Self.wait)
        }
    }
}
