import Foundation
import SDKRuntime

/// The dashboard at `/_admin/ui`: a page, a script and a style sheet shipped as resources of
/// this module (`Sources/SDKEmulator/Admin/Dashboard`), served as they are. The page reads and
/// changes the emulator only through the JSON admin API.
enum AdminDashboard {
    /// The dashboard's path below `/_admin`.
    static let path = "/ui"
    /// The page's file name.
    static let pageName = "index.html"

    /// The files the dashboard is made of, with their content types.
    private static let files = [
        pageName: "text/html; charset=utf-8",
        "dashboard.js": "text/javascript; charset=utf-8",
        "dashboard.css": "text/css; charset=utf-8",
    ]

    /// The file `name` of the dashboard, or `404 NOT_FOUND`.
    static func response(for name: String) -> EmulatorResponse {
        guard let contentType = files[name] else {
            return .error(status: 404, code: "NOT_FOUND", message: "The dashboard has no file \(name).")
        }
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard let url = Bundle.module.url(forResource: parts[0], withExtension: parts[1], subdirectory: "Dashboard"),
            let body = try? Data(contentsOf: url)
        else {
            return .error(
                status: 500, code: "INTERNAL",
                message: "The dashboard file \(name) is missing from the emulator's resources.")
        }
        return EmulatorResponse(
            status: 200,
            headers: [
                HTTPField(name: "Content-Type", value: contentType),
                HTTPField(name: "Cache-Control", value: "no-store"),
                // No other site's page may show the dashboard in a frame and click for the user.
                HTTPField(name: "X-Frame-Options", value: "DENY"),
                HTTPField(name: "Content-Security-Policy", value: "frame-ancestors 'none'"),
            ], body: body)
    }
}
