extension ClientTranslator {
    /// The check a client function makes before sending a body whose model has member rules
    /// (its own, or of the models it holds; `validated` is `ModelValidationTranslator.validatedModels`):
    /// the first violation is thrown as `INVALID_ARGUMENT`, as a broken parameter is.
    static func bodyRuleCheck(_ operation: OperationSpec, validated: Set<String>) -> [SwiftStatement] {
        guard let name = operation.requestBody, validated.contains(name) else { return [] }
        return [
            .ifStatement(
                [.optionalBinding("violation", .member(.call(.path("body", "violations"), []), "first"))],
                then: [
                    .throwStatement(
                        .call(
                            .type(.runtime("APIError")),
                            [
                                .init("category", .member(nil, "rejected")), .init("code", .string("INVALID_ARGUMENT")),
                                .init("message", .path("violation", "description")),
                            ]))
                ], else: nil)
        ]
    }
}
