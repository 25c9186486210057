/// Turns the spec's examples into Swift Testing suites.
enum ContractTestTranslator {
    static func files(_ spec: Spec) -> [SwiftFile] { [] }
}
