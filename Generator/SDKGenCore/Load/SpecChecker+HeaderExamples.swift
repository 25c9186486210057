/// Checks that each header example expects what the contract gives for its inputs: its contract
/// test compares every expected value, every absent header and the list of names sent, so an
/// example that disagrees with a template, a separator or `maxItems` would only fail there.
extension SpecChecker {
    static func checkHeaderExamples(_ headers: HeaderContractSpec, log: inout DiagnosticLog) {
        let inputs = Dictionary(headers.inputs.map { ($0.name, $0) }) { first, _ in first }
        for example in headers.examples {
            let given = Dictionary(example.inputs.map { ($0.name, $0.value) }) { first, _ in first }
            var sent: [(name: String, value: String)] = []
            var readable = true
            var refused: Set<String> = []
            for field in headers.fields {
                guard let input = inputs[field.input], let value = given[input.name] else { continue }
                let text = headerText(value, of: input.kind, field: field)
                // The template was checked on its own: a control character here is the input's.
                let control = text.flatMap { $0 }?.unicodeScalars.first(where: Self.isControlCharacter)
                if text == nil || control != nil {
                    readable = false
                    // One input may feed several fields: its value is refused once.
                    guard refused.insert(input.name).inserted else { continue }
                    if let control {
                        log.error(
                            "a header example gives input '\(input.name)' a value holding the control character \(control.codePoint), which no header value can carry",
                            at: example.location)
                    } else {
                        log.error(
                            "a header example gives input '\(input.name)' \(value.jsonText), which is not a value of its type \(input.kind.rawValue)",
                            at: example.location)
                    }
                    continue
                }
                guard let text = text.flatMap({ $0 }) else { continue }
                sent.append((field.name, text))
            }
            guard readable else { continue }
            func sentValue(_ name: String) -> String? {
                sent.first { isSameHeader($0.name, name) }?.value
            }
            var checked: Set<String> = []
            // A name written twice is an error of its own (a duplicate key): its first value counts.
            for expected in example.expected where checked.insert(expected.name.lowercased()).inserted {
                let text = RuleEvaluator.text(expected.value) ?? ""
                guard headers.fields.contains(where: { isSameHeader($0.name, expected.name) }) else {
                    continue
                }
                if let value = sentValue(expected.name) {
                    if value != text {
                        log.error(
                            "a header example expects '\(expected.name): \(text)', but its inputs give '\(expected.name): \(value)'",
                            at: example.location)
                    }
                } else {
                    log.error(
                        "a header example expects header '\(expected.name)', which its inputs do not send",
                        at: example.location)
                }
            }
            for name in example.absent {
                if let value = sentValue(name) {
                    log.error(
                        "a header example lists '\(name)' as absent, but its inputs send it ('\(value)')",
                        at: example.location)
                }
            }
            for field in sent
            where !example.expected.contains(where: { isSameHeader($0.name, field.name) })
                && !example.absent.contains(where: { isSameHeader($0, field.name) })
                && !HeaderTestTranslator.isAlwaysSent(field.name, headers)
            {
                log.error(
                    "a header example does not expect header '\(field.name)', which its inputs send ('\(field.value)'); add it to 'expect'",
                    at: example.location)
            }
        }
    }

    /// Whether two header names name one header (HTTP compares them ignoring case).
    private static func isSameHeader(_ a: String, _ b: String) -> Bool {
        a.lowercased() == b.lowercased()
    }

    /// The value `field` sends for the input value `value` of kind `kind`: `.some(nil)` when it
    /// sends nothing (an absent optional input, an empty list), `nil` when `value` is not of
    /// the kind.
    private static func headerText(
        _ value: JSONLiteral, of kind: HeaderContractSpec.Input.Kind, field: HeaderContractSpec.Field
    ) -> String?? {
        let filled = { (text: String) in field.template.replacingOccurrences(of: "{value}", with: text) }
        switch (kind, value) {
        case (.optionalString, .null): return .some(nil)
        case (.string, .string(let text)), (.optionalString, .string(let text)): return filled(text)
        case (.string, .number(let text)), (.optionalString, .number(let text)): return filled(text)
        case (.boolean, .bool(let flag)): return filled(flag ? "true" : "false")
        case (.stringList, .array(let items)):
            let texts = items.compactMap { item -> String? in
                if case .string(let text) = item { text } else if case .number(let text) = item { text } else { nil }
            }
            guard texts.count == items.count else { return nil }
            guard !texts.isEmpty else { return .some(nil) }
            let kept = field.maxItems.map { Array(texts.prefix($0)) } ?? texts
            return filled(kept.joined(separator: field.separator))
        default: return nil
        }
    }
}
