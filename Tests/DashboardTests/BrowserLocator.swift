import Foundation

/// Finds a Chromium-family browser: `$CHROMIUM` when set, else `chromium`, `chromium-browser`,
/// `google-chrome` or `google-chrome-stable` on the `PATH`, else the macOS Chrome app.
enum BrowserLocator {
    /// The browser's executable, or `nil` when there is none.
    static let executable: URL? = {
        let environment = ProcessInfo.processInfo.environment
        if let chosen = environment["CHROMIUM"], FileManager.default.isExecutableFile(atPath: chosen) {
            return URL(fileURLWithPath: chosen)
        }
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
        let candidates =
            names.flatMap { name in directories.map { "\($0)/\(name)" } }
            + ["/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map {
            URL(fileURLWithPath: $0)
        }
    }()

    /// What to do when there is no browser.
    static let missingMessage =
        "No Chromium found: the dashboard test needs a headless browser (Debian: `bash .ci/install-deps` installs `chromium`; elsewhere set CHROMIUM to a Chrome or Chromium executable)."
}
