import Foundation

/// The dashboard open in a browser tab: scripts run in the page, waits, screenshots.
struct DashboardPage {
    let browser: DevToolsBrowser
    let session: String

    /// Opens `url` in a new tab of `browser` (scripts run in its document once this returns:
    /// `Page.navigate` answers when the navigation is committed).
    static func open(_ url: URL, in browser: DevToolsBrowser) async throws -> DashboardPage {
        let target = try await browser.send("Target.createTarget", ["url": "about:blank"])
        guard let targetId = target["targetId"] as? String else {
            throw DevToolsError(description: "Target.createTarget gave no targetId")
        }
        let attached = try await browser.send("Target.attachToTarget", ["targetId": targetId, "flatten": true])
        guard let session = attached["sessionId"] as? String else {
            throw DevToolsError(description: "Target.attachToTarget gave no sessionId")
        }
        let navigation = try await browser.send("Page.navigate", ["url": url.absoluteString], session: session)
        if let failure = navigation["errorText"] as? String {
            throw DevToolsError(description: "could not open \(url.absoluteString): \(failure)")
        }
        return DashboardPage(browser: browser, session: session)
    }

    /// The value of the JavaScript `expression` (awaited when it is a promise), as JSON gives it.
    func evaluate(_ expression: String) async throws -> Any? {
        let answer = try await browser.send(
            "Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true],
            session: session)
        if let exception = answer["exceptionDetails"] as? [String: Any] {
            let thrown = (exception["exception"] as? [String: Any])?["description"] ?? exception["text"] ?? exception
            throw DevToolsError(description: "the page threw: \(thrown)")
        }
        return (answer["result"] as? [String: Any])?["value"]
    }

    /// Waits until the JavaScript `condition` is true in the page, checking every 10 ms by the
    /// page's own clock, and returns how many milliseconds that took; throws after `limit`.
    @discardableResult
    func waitFor(_ condition: String, limit: Duration) async throws -> Double {
        let milliseconds = Double(limit.components.seconds) * 1000 + Double(limit.components.attoseconds) / 1e15
        let script = """
            new Promise((resolve, reject) => {
              const start = performance.now();
              const tick = () => {
                let met = false;
                try { met = Boolean(\(condition)); } catch (_) {}
                const elapsed = performance.now() - start;
                if (met) resolve(elapsed);
                else if (elapsed > \(milliseconds)) reject(new Error("not within \(milliseconds) ms: " + \(Self.quoted(condition))));
                else setTimeout(tick, 10);
              };
              tick();
            })
            """
        return try await evaluate(script) as? Double ?? .nan
    }

    /// A PNG of the tab.
    func screenshot() async throws -> Data {
        let shot = try await browser.send("Page.captureScreenshot", ["format": "png"], session: session)
        guard let encoded = shot["data"] as? String, let data = Data(base64Encoded: encoded) else {
            throw DevToolsError(description: "Page.captureScreenshot gave no image")
        }
        return data
    }

    /// `text` as a JavaScript string literal.
    static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
        return String(decoding: data, as: UTF8.self).dropFirst().dropLast().description
    }
}
