/// Reads one YAML mapping of a spec: checks its keys against the allowed ones (reporting
/// unknown, misspelled and duplicate keys) and hands out values by key.
struct MappingReader {
    /// What the mapping is, for messages ("rule 'groupType'").
    let context: String
    /// Where the mapping starts.
    let location: SourceLocation
    /// The first value of each allowed key.
    private var values: [String: (key: YAMLScalarKey, value: YAMLNode)] = [:]
    /// Whether the mapping had keys that are not allowed (so follow-on errors can be skipped).
    private(set) var hasUnknownKeys = false

    /// Reads `node` as a mapping allowing `keys`; logs and returns `nil` when it is not a mapping.
    init?(_ node: YAMLNode, context: String, keys: [String], log: inout DiagnosticLog) {
        guard case .mapping(let pairs, let location) = node else {
            log.error("\(context) must be a mapping, not \(node.kindDescription)", at: node.location)
            return nil
        }
        self.context = context
        self.location = location
        for pair in pairs {
            let name = pair.key.text
            if let earlier = values[name] {
                log.error(
                    "duplicate key '\(name)' in \(context) (first written at line \(earlier.key.location.line))",
                    at: pair.key.location)
            } else if keys.contains(name) {
                values[name] = pair
            } else {
                hasUnknownKeys = true
                let looksLikeSplitValue: Bool =
                    if case .scalar("", false, _) = pair.value { true } else { name.contains(" ") }
                let hint =
                    looksLikeSplitValue
                    ? " (inside {...} a comma ends a value: quote a value that contains one)"
                    : Suggestion.hint(for: name, among: keys)
                log.error("unknown key '\(name)' in \(context)\(hint)", at: pair.key.location)
            }
        }
    }

    /// The value of `key`, if written.
    subscript(key: String) -> YAMLNode? { values[key]?.value }

    /// Where `key` is written, or the mapping's own location.
    func keyLocation(_ key: String) -> SourceLocation { values[key]?.key.location ?? location }

    /// The value of `key`, logging an error when it is missing.
    func required(_ key: String, log: inout DiagnosticLog) -> YAMLNode? {
        if let value = values[key]?.value { return value }
        log.error("missing key '\(key)' in \(context)", at: location)
        return nil
    }
}

/// The entries of a mapping whose keys are names the author chooses (models, rules, ...),
/// with duplicates reported.
enum NamedEntries {
    /// The longest name, in UTF-8 bytes: a generated type and its file are named after it, and a
    /// file name holds at most 255 bytes; at this length the generated declarations still fit
    /// their lines.
    static let longestName = 100

    /// The entries of `node` in file order, or an empty list (logged) when it is not a mapping.
    static func read(_ node: YAMLNode, context: String, log: inout DiagnosticLog) -> [(
        key: YAMLScalarKey, value: YAMLNode
    )] {
        guard case .mapping(let pairs, _) = node else {
            log.error(
                "\(context) must be a mapping of names to entries, not \(node.kindDescription)", at: node.location)
            return []
        }
        var seen: [String: SourceLocation] = [:]
        var result: [(key: YAMLScalarKey, value: YAMLNode)] = []
        for pair in pairs {
            if let earlier = seen[pair.key.text] {
                log.error(
                    "duplicate name '\(pair.key.text)' in \(context) (first written at line \(earlier.line))",
                    at: pair.key.location)
                continue
            }
            if pair.key.text.isEmpty {
                log.error("an empty name in \(context)", at: pair.key.location)
                continue
            }
            if pair.key.text.utf8.count > longestName {
                log.error(
                    "a name of \(pair.key.text.utf8.count) bytes in \(context); a name is at most \(longestName) bytes",
                    at: pair.key.location)
                continue
            }
            seen[pair.key.text] = pair.key.location
            result.append(pair)
        }
        return result
    }
}
