/// The calls a driver run made, read from its log lines.
struct DriverLog: Sendable {
    /// One call of the driver's script.
    struct Call: Sendable, Hashable {
        /// The public method called.
        enum Kind: String, Sendable {
            case identify, attributes, group, capture, purchase, signout
        }

        /// The method.
        var kind: Kind
        /// What the call is about: the user ID, attribute key or transaction ID.
        var subject: String
        /// The `name=value` words of its `begin` line (`anon`, `user`).
        var fields: [String: String]
        /// Whether it returned to the driver.
        var returned = false
        /// Whether it threw.
        var threw = false
        /// The diagnostics reported while it was under way.
        var diagnostics: [String] = []

        /// Whether it was under way when the process ended.
        var inFlight: Bool { !returned && !threw }
    }

    /// The calls in the order they began.
    var calls: [Call] = []
    /// The diagnostic codes the SDK reported.
    var diagnostics: [String] = []
    /// The distinct IDs the driver reported (`identity` lines: at the start and before the end of
    /// a run), in order.
    var identities: [String] = []
    /// Lines that did not parse.
    var unparsed: [String] = []

    /// Reads `lines`.
    init(lines: [String]) {
        for line in lines {
            let words = line.split(separator: " ").map(String.init)
            guard let verb = words.first else { continue }
            switch verb {
            case "begin", "returned", "threw":
                guard words.count >= 3, let kind = Call.Kind(rawValue: words[1]) else {
                    unparsed.append(line)
                    continue
                }
                if verb == "begin" {
                    var fields: [String: String] = [:]
                    for word in words.dropFirst(3) {
                        let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
                        if parts.count == 2 { fields[parts[0]] = parts[1] }
                    }
                    calls.append(Call(kind: kind, subject: words[2], fields: fields))
                } else if let index = calls.lastIndex(where: { $0.kind == kind && $0.subject == words[2] }) {
                    if verb == "returned" { calls[index].returned = true } else { calls[index].threw = true }
                } else {
                    unparsed.append(line)
                }
            case "diagnostic":
                let code = words.dropFirst().joined(separator: " ")
                diagnostics.append(code)
                if let index = calls.lastIndex(where: \.inFlight) { calls[index].diagnostics.append(code) }
            case "identity" where words.count == 2:
                identities.append(words[1])
            case "started", "done", "drained", "warning":
                continue
            default:
                unparsed.append(line)
            }
        }
    }

    /// The call under way when the process ended, if any.
    var inFlight: Call? {
        calls.last(where: \.inFlight)
    }
}
