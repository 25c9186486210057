/// A route's path with `{name}` placeholders, such as `/v1/people/{distinctId}`.
///
/// A placeholder fills a whole segment and matches any non-empty segment; literal segments must
/// equal the request's percent-decoded segment exactly. A trailing slash is significant.
public struct PathTemplate: Sendable, Hashable, CustomStringConvertible {
    /// One segment of the template.
    public enum Segment: Sendable, Hashable {
        /// Text that must match exactly.
        case literal(String)
        /// A placeholder, by name.
        case parameter(String)
    }

    /// The segments, in order (none for the root path `/`).
    public let segments: [Segment]
    /// The template as written.
    public let description: String

    /// Parses `template`; throws `RouterError.invalidTemplate` when it does not start with `/`,
    /// has a brace outside a whole-segment `{name}`, or names a placeholder twice.
    public init(_ template: String) throws(RouterError) {
        guard template.hasPrefix("/") else { throw .invalidTemplate(template, "must start with /") }
        var segments: [Segment] = []
        var names: Set<String> = []
        let rawSegments =
            template == "/"
            ? [] : template.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for raw in rawSegments {
            if raw.hasPrefix("{") && raw.hasSuffix("}") && raw.count > 2 {
                let name = String(raw.dropFirst().dropLast())
                guard !name.contains("{") && !name.contains("}") else {
                    throw .invalidTemplate(template, "a placeholder must fill a whole segment")
                }
                guard names.insert(name).inserted else {
                    throw .invalidTemplate(template, "placeholder {\(name)} appears twice")
                }
                segments.append(.parameter(name))
            } else {
                guard !raw.contains("{") && !raw.contains("}") else {
                    throw .invalidTemplate(template, "a placeholder must fill a whole segment")
                }
                segments.append(.literal(String(raw)))
            }
        }
        self.segments = segments
        description = template
    }

    /// The parameters when `pathSegments` (already percent-decoded) match, else `nil`.
    func match(_ pathSegments: [String]) -> PathParameters? {
        guard pathSegments.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (segment, actual) in zip(segments, pathSegments) {
            switch segment {
            case .literal(let text):
                guard text == actual else { return nil }
            case .parameter(let name):
                guard !actual.isEmpty else { return nil }
                values[name] = actual
            }
        }
        return PathParameters(values)
    }

    /// The template with placeholder names erased: two templates with the same shape match the
    /// same paths (`/a/{x}` and `/a/{y}`).
    var shape: [String?] {
        segments.map {
            if case .literal(let text) = $0 { text } else { nil }
        }
    }

    /// Whether this template should win over `other` when both match a path: at the first
    /// segment where one has a literal and the other a placeholder, the literal wins.
    func isMoreSpecific(than other: PathTemplate) -> Bool {
        for (mine, theirs) in zip(segments, other.segments) {
            switch (mine, theirs) {
            case (.literal, .parameter): return true
            case (.parameter, .literal): return false
            default: continue
            }
        }
        return false
    }
}
