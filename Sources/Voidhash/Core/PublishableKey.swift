import SDKRuntime
import VoidhashAPI

/// A publishable key that passed the key rule, and the environment it selects.
struct PublishableKey: Sendable, Hashable {
    /// The key as given.
    let value: String
    /// `.test` for keys starting with `VoidhashConstants.testKeyPrefix`, `.production` for other
    /// keys starting with `VoidhashConstants.productionKeyPrefix`.
    let environment: VoidhashEnvironment

    /// Checks `key`; anything but a key starting with `VoidhashConstants.productionKeyPrefix` is
    /// refused with `INVALID_ARGUMENT`.
    init(_ key: String) throws(VoidhashError) {
        guard PublishableKeyRule.validate(key) == nil,
            TextChecks.hasPrefix(key, VoidhashConstants.productionKeyPrefix)
        else {
            throw .invalidArgument(
                "The publishable key must be a Voidhash key (vh_pk_test_... or vh_pk_...).")
        }
        value = key
        environment =
            TextChecks.hasPrefix(key, VoidhashConstants.testKeyPrefix) ? .test : .production
    }
}
