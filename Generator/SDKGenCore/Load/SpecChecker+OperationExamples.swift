/// Checks that every operation example is consistent (a success with the operation's status and
/// no error; an error with a code of that status), that the generated example server can answer
/// it as written, and that each example reaches its own answer: the generated contract tests send
/// each one to it.
extension SpecChecker {
    static func checkOperationExamples(_ spec: Spec, log: inout DiagnosticLog) {
        let statuses = Dictionary(spec.errors.map { ($0.code, $0.status) }) { first, _ in first }
        let modelsWithExamples = Set(spec.models.filter { !$0.examples.isEmpty }.map(\.name))
        // The generated example server answers a success with the response model's first
        // example; a hand-written emulator answers for itself.
        let servesExamples = ExampleServerTranslator.applies(to: spec)
        let shapes = ExampleShapes(spec)
        for operation in spec.operations {
            if servesExamples, !operation.errors.contains(where: { statuses[$0] == 400 }),
                ExampleServerTranslator.canRefuse(operation, spec: spec)
            {
                log.warning(
                    "operation '\(operation.name)' lists no error of status 400, so the server made from the spec "
                        + "refuses a request that breaks its inputs with 400 INVALID_ARGUMENT, which the OpenAPI "
                        + "document does not list; add an error of status 400 to its errors",
                    at: operation.location)
            }
            var requests: [String: String] = [:]
            for example in operation.examples {
                let what = "example '\(example.name)' of operation '\(operation.name)'"
                if (200..<300).contains(example.status) {
                    if example.status != operation.successStatus {
                        log.error(
                            "\(what) expects status \(example.status), but the operation answers "
                                + "\(operation.successStatus) when it succeeds", at: example.location)
                    }
                    if let code = example.errorCode {
                        log.error(
                            "\(what) succeeds but names error '\(code)'; an example names an error only with "
                                + "the error's status", at: example.location)
                    }
                    if servesExamples, let model = operation.responseBody, !modelsWithExamples.contains(model) {
                        log.error(
                            "\(what) succeeds, but model '\(model)' has no example to answer it with; "
                                + "give the model one", at: example.location)
                    }
                } else if let code = example.errorCode {
                    if let status = statuses[code], status != example.status {
                        log.error(
                            "\(what) expects status \(example.status) with error '\(code)', whose status is \(status)",
                            at: example.location)
                    }
                } else {
                    log.error("\(what) expects status \(example.status) but names no error", at: example.location)
                }
                let request = requestKey(example, of: operation, shapes: shapes)
                if let earlier = requests[request] {
                    log.error(
                        "\(what) sends what example '\(earlier)' sends, so the example server answers both alike; "
                            + "change a parameter or the body", at: example.location)
                } else {
                    requests[request] = example.name
                }
            }
        }
    }

    /// What the client sends for an example, as one text: its parameters in name order and its
    /// body, each as `ExampleShapes.sentText` writes it, so that two examples the client sends
    /// alike (a member `null` or left out, `1` or `1.0`, one instant in two time zones) are one.
    private static func requestKey(
        _ example: OperationSpec.Example, of operation: OperationSpec, shapes: ExampleShapes
    ) -> String {
        let parameters = example.sentParameters.sorted { $0.name < $1.name }.map { member in
            let type = operation.parameters.first { $0.name == member.name }?.type ?? .json
            return member.name + "=" + shapes.sentText(member.value, as: type)
        }
        let body = example.body.map { body in
            operation.requestBody.map { shapes.sentText(body, as: .named($0)) } ?? body.jsonText
        }
        return parameters.joined(separator: "&") + " " + (body ?? "")
    }
}
