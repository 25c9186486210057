extension OperationTestTranslator {
    /// The call that runs `body` (a closure taking `core`) with a client of a fresh server:
    /// `SDKEmulator.<emulator>.withContractClient` for a hand-written emulator, or
    /// `SDKEmulator.ContractHarness.withClient` over the server made from the spec.
    static func withContractClient(_ emulator: String?, spec: Spec, _ body: SwiftExpression) -> SwiftExpression {
        if let emulator {
            return .call(.path("SDKEmulator", emulator, "withContractClient"), [.init(body)])
        }
        return .call(
            .path("SDKEmulator", "ContractHarness", "withClient"),
            [
                .init(
                    "server",
                    .tryExpression(
                        .call(
                            .path(
                                ExampleServerTranslator.module(spec), ExampleServerTranslator.typeName(spec),
                                "makeServer"), []),
                        optional: false)),
                .init("headers", .array([])), .init(body),
            ])
    }
}
