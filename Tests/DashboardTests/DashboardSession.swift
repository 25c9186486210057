import Foundation
import SDKEmulator
import Testing

/// Runs `body` with `server` started and its dashboard open in a fresh headless Chromium, and
/// stops both afterwards, whatever happened. Records an issue (a failure, with what to install)
/// when there is no browser.
func withDashboard(
    of server: EmulatorServer, _ body: (DashboardPage, URL) async throws -> Void
) async throws {
    guard let executable = BrowserLocator.executable else {
        Issue.record(Comment(rawValue: BrowserLocator.missingMessage))
        return
    }
    let baseURL = try await server.start()
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
        try await body(page, baseURL)
    } catch {
        await browser.close()
        await server.stop()
        throw error
    }
    await browser.close()
    await server.stop()
}

/// A storage folder of a test's own, removed by `remove()`.
struct ScratchFolder {
    /// The folder (not created until the SDK creates it).
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-\(UUID().uuidString)")

    /// Removes the folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
