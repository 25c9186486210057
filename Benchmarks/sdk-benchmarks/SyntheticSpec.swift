/// A synthetic contract of any size, for measuring how the generator and the generated code
/// scale: `models` models of 8 properties of mixed types (strings, optionals, numbers, booleans,
/// dates, open enums, lists of other models), one rule per 10 models (patterns, lengths,
/// forbidden characters), one enum per 10 models, and one operation per 4 models whose
/// parameters and bodies refer to those models and rules.
struct SyntheticSpec: BenchmarkSpec {
    /// How many models the spec declares.
    let models: Int

    var apiName: String { "Synthetic\(models)" }

    private var ruleCount: Int { max(1, models / 10) }
    private var enumCount: Int { max(1, models / 10) }
    private var operationCount: Int { max(1, models / 4) }

    var text: String {
        var lines: [String] = [
            "sdkgen: 1",
            "api:",
            "  name: \(apiName)",
            "  title: Synthetic API with \(models) models",
            "  version: 1.0.0",
            "  doc: A generated contract for benchmarks.",
            "",
            "constants:",
            "  requestTimeout: {duration: 10s, doc: The request timeout.}",
            "  maxItems: {integer: 50, doc: The most items of a page.}",
            "",
            "rules:",
        ]
        for index in 0..<ruleCount { lines += rule(index) }
        lines += ["", "enums:"]
        for index in 0..<enumCount {
            lines += [
                "  Status\(index):",
                "    doc: The states of group \(index).",
                "    values: [active, paused, archived_\(index), deleted]",
            ]
        }
        lines += ["", "models:"]
        for index in 0..<models { lines += model(index) }
        lines += [
            "",
            "errors:",
            "  INVALID_ARGUMENT: {status: 400, category: rejected, doc: An input broke a rule.}",
            "  AUTHENTICATION_FAILED: {status: 401, category: authenticationFailed, doc: The key was refused.}",
            "  NOT_FOUND: {status: 404, category: rejected, doc: No such item.}",
            "  RATE_LIMITED: {status: 429, category: retryable, doc: Too many requests.}",
            "  INTERNAL: {status: 500, category: retryable, doc: The server failed.}",
            "",
            "operations:",
        ]
        for index in 0..<operationCount { lines += operation(index) }
        return lines.joined(separator: "\n") + "\n"
    }

    private func modelName(_ index: Int) -> String { "Record\(index)" }

    private func rule(_ index: Int) -> [String] {
        switch index % 3 {
        case 0:
            return [
                "  slug\(index):",
                "    kind: string",
                "    doc: A slug of group \(index).",
                "    pattern: \"^[a-z][a-z0-9_]{0,31}$\"",
                "    examples:",
                "      valid: [a, slug_\(index)]",
                "      invalid:",
                "        - {value: \"\", reason: patternMismatch}",
                "        - {value: Upper, reason: patternMismatch}",
            ]
        case 1:
            return [
                "  label\(index):",
                "    kind: string",
                "    doc: A label of group \(index).",
                "    nonWhitespace: true",
                "    length: {max: \(64 + index % 100), unit: characters}",
                "    forbiddenCharacters: [\"\\0\"]",
                "    forbiddenPrefixes: [\"sys_\"]",
                "    examples:",
                "      valid: [label, \" padded \"]",
                "      invalid:",
                "        - {value: \" \", reason: blank}",
                "        - {value: sys_x, reason: forbiddenPrefix}",
            ]
        default:
            return [
                "  code\(index):",
                "    kind: string",
                "    doc: A code of group \(index).",
                "    pattern: \"^[A-Z]{2}-[0-9]{4}$\"",
                "    examples:",
                "      valid: [AB-0001]",
                "      invalid:",
                "        - {value: ab-0001, reason: patternMismatch}",
            ]
        }
    }

    private func ruleName(_ index: Int) -> String {
        ["slug", "label", "code"][index % 3] + "\(index)"
    }

    private func model(_ index: Int) -> [String] {
        let related = index > 0 ? "\"[\(modelName(index - 1))]\"" : "\"[string]\""
        let status = "Status\(index % enumCount)"
        return [
            "  \(modelName(index)):",
            "    doc: Record number \(index).",
            "    properties:",
            "      id: {type: string, doc: The record's ID.}",
            "      title: {type: \"string?\", doc: \"The title, if any.\"}",
            "      count: {type: integer, doc: How many.}",
            "      ratio: {type: number, doc: A share.}",
            "      enabled: {type: boolean, doc: Whether it is on.}",
            "      createdAt: {type: date, doc: When it was made.}",
            "      status: {type: \(status), doc: Where it stands.}",
            "      related: {type: \(related), doc: Related records.}",
            "    examples:",
            "      - {id: r\(index), title: Title, count: \(index), ratio: 0.5, enabled: true, createdAt: \"2026-01-01T00:00:00Z\", status: active, related: []}",
        ]
    }

    private func operation(_ index: Int) -> [String] {
        let model = modelName((index * 4) % models)
        let rule = index % ruleCount
        switch index % 3 {
        case 0:
            return [
                "  getRecord\(index):",
                "    doc: Reads one record of kind \(index).",
                "    method: GET",
                "    path: /v1/records\(index)/{key}",
                "    parameters:",
                "      key: {in: path, type: string, rule: \(ruleName(rule)), doc: The key.}",
                "    response: \(model)",
                "    errors: [AUTHENTICATION_FAILED, NOT_FOUND, RATE_LIMITED, INTERNAL]",
                "    timeout: requestTimeout",
            ]
        case 1:
            return [
                "  putRecord\(index):",
                "    doc: Stores one record of kind \(index).",
                "    method: PUT",
                "    path: /v1/records\(index)/{key}",
                "    parameters:",
                "      key: {in: path, type: string, rule: \(ruleName(rule)), doc: The key.}",
                "    body: \(model)",
                "    response: \(model)",
                "    errors: [INVALID_ARGUMENT, AUTHENTICATION_FAILED, RATE_LIMITED, INTERNAL]",
            ]
        default:
            return [
                "  findRecords\(index):",
                "    doc: Searches records of kind \(index).",
                "    method: GET",
                "    path: /v1/records\(index)",
                "    parameters:",
                "      term: {in: query, type: string, rule: \(ruleName(rule)), doc: The term.}",
                "      limit: {in: query, type: \"integer?\", doc: The most results.}",
                "    response: \(model)",
                "    errors: [INVALID_ARGUMENT, AUTHENTICATION_FAILED, RATE_LIMITED, INTERNAL]",
            ]
        }
    }
}
