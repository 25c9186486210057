import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import Voidhash

/// The emulator's dashboard (`/_admin/ui`) in a real headless Chromium: requests the Voidhash
/// SDK sends show up in the log, and a fault added from the page makes the next request fail.
@Suite("Dashboard in a browser", .timeLimit(.minutes(2)))
struct DashboardBrowserTests {
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

    @Test func requestsAppearLiveAndAFaultAddedOnThePageFailsTheNextRequest() async throws {
        guard let executable = BrowserLocator.executable else {
            Issue.record(Comment(rawValue: BrowserLocator.missingMessage))
            return
        }
        let state = VoidhashEmulatorState()
        state.seedPerson(VoidhashPersonSeed(distinctId: "user_123", email: "ada@example.com", name: "Ada"))
        let server = VoidhashEmulator.makeServer(state: state)
        let baseURL = try await server.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-\(UUID().uuidString)")
        let browser: DevToolsBrowser
        do {
            browser = try DevToolsBrowser(executable: executable, windowSize: (1280, 1000))
        } catch {
            await server.stop()
            throw error
        }
        do {
            let page = try await DashboardPage.open(baseURL.appendingPathComponent("_admin/ui"), in: browser)
            try await page.waitFor("window.dashboard && window.dashboard.ready", limit: .seconds(20))
            #expect(
                try await page.evaluate("document.getElementById('api-name').textContent") as? String == "· Voidhash")

            let voidhash = try Voidhash(
                publishableKey: VoidhashEmulator.testKey,
                options: VoidhashOptions(
                    distinctId: "user_123", baseURL: baseURL, storageDirectory: directory,
                    transport: URLSessionTransport()))
            let person = try await voidhash.getCurrentPerson(forceFetch: true)
            #expect(person?.distinctId == "user_123")
            let appeared = try await page.waitFor(Self.logRow(route: "getPerson", status: 200), limit: .seconds(1))
            #expect(appeared <= 1000, "the SDK's request is in the page's log within a second")

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
                limit: .seconds(2))
            #expect(
                server.faults == [
                    FaultRule(
                        route: "getPerson", fault: .status(400, code: "INJECTED", retryAfter: nil), scope: .next(1))
                ])

            let afterFault = try await voidhash.getCurrentPersonState(forceFetch: true)
            #expect(afterFault.reason == .refreshFailed, "the SDK saw the refresh fail")
            let failed = server.requests(route: "getPerson").last
            #expect(failed?.status == 400 && failed?.fault != nil, "the request after the fault failed with it")
            try await page.waitFor(Self.logRow(route: "getPerson", status: 400), limit: .seconds(1))
            #expect(server.faults.isEmpty, "a fault for one request is used up")

            // Groups and an event, for the state panel; then the newest row's details.
            await voidhash.group(type: "company", key: "acme", properties: ["name": .string("Acme")])
            await voidhash.capture("report_shared")
            await voidhash.flush()
            try await page.waitFor(
                "[...document.querySelectorAll('#state .tag')].some(tag => tag.textContent === 'company: acme')",
                limit: .seconds(10))
            _ = try await page.evaluate("document.querySelector('#log tbody tr').click()")
            try await page.waitFor("!document.getElementById('detail-section').hidden", limit: .seconds(1))
            let headers = try await page.evaluate("document.getElementById('detail-headers').textContent") as? String
            #expect(headers?.contains("Authorization") == true)

            let image = try await page.screenshot()
            #expect(image.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
            try FileManager.default.createDirectory(
                at: Self.screenshotURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try image.write(to: Self.screenshotURL)
            await voidhash.shutdown()
        } catch {
            await browser.close()
            await server.stop()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        await browser.close()
        await server.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}
