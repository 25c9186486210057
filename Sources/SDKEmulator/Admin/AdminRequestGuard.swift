/// Keeps other web sites away from the admin API. The server listens on the loopback interface
/// only, but a browser on the same machine sends wherever a page asks: a page of another site
/// could post faults or reset the state (a cross-site request), or reach the server under a
/// name of its own that resolves to 127.0.0.1 (DNS rebinding). So an admin request must name a
/// loopback host (`Host`), and when a browser says which page sent it (`Origin`), that page
/// must be on a loopback host too. Refusals are `403 FORBIDDEN` and echo nothing of the request.
enum AdminRequestGuard {
    /// The refusal for `request`, or `nil` when it may reach the admin API.
    static func refusal(for request: EmulatorRequest) -> EmulatorResponse? {
        if let host = request.header("Host"), !isLoopback(authority: host) {
            return .error(
                status: 403, code: "FORBIDDEN",
                message: "The admin API answers only requests addressed to 127.0.0.1 or localhost.")
        }
        if let origin = request.header("Origin"), !isLoopback(origin: origin) {
            return .error(
                status: 403, code: "FORBIDDEN",
                message: "The admin API answers only pages served from 127.0.0.1 or localhost.")
        }
        return nil
    }

    /// Whether the origin `http://host[:port]` (or `https://`) names a loopback host.
    static func isLoopback(origin: String) -> Bool {
        for scheme in ["http://", "https://"] where origin.hasPrefix(scheme) {
            let authority = origin.dropFirst(scheme.count)
            return !authority.contains("/") && isLoopback(authority: String(authority))
        }
        return false
    }

    /// Whether `host[:port]` names a loopback host: `localhost`, an address in 127.0.0.0/8,
    /// or `[::1]`.
    static func isLoopback(authority: String) -> Bool {
        let host: Substring
        if authority.hasPrefix("[") {
            guard let end = authority.firstIndex(of: "]") else { return false }
            host = authority[authority.startIndex...end]
        } else {
            host = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        }
        if host.lowercased() == "localhost" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ UInt8($0) != nil }) else { return false }
        return parts.first == "127"
    }
}
