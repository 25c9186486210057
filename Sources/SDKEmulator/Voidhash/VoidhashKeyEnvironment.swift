import SDKRuntime
import VoidhashAPI

/// Which environment a request's publishable key selects, and which purchases count for it.
enum VoidhashKeyEnvironment {
    /// The environment of the `Authorization: Bearer <key>` header: `test` for `vh_pk_test_` keys,
    /// `production` for other keys that pass `PublishableKeyRule`; `401 AUTHENTICATION_FAILED`
    /// for a missing header, another scheme, or a malformed key.
    static func environment(of request: EmulatorRequest) throws(VoidhashEmulatorError) -> VoidhashEnvironment {
        guard let authorization = request.header("Authorization") else {
            throw .authenticationFailed("The Authorization header is missing.")
        }
        let scheme = "bearer "
        guard authorization.count > scheme.count, authorization.lowercased().hasPrefix(scheme) else {
            throw .authenticationFailed("The Authorization header must be Bearer <publishable key>.")
        }
        let key = String(authorization.dropFirst(scheme.count))
        guard PublishableKeyRule.validate(key) == nil else {
            throw .authenticationFailed("The publishable key is not a Voidhash key.")
        }
        return TextChecks.hasPrefix(key, VoidhashConstants.testKeyPrefix) ? .test : .production
    }

    /// Whether a purchase made in `purchase` unlocks perks for a key of `key`: production keys
    /// count production and sandbox purchases; test keys count sandbox, simulated and test mode
    /// purchases, never production ones. Unknown values count for neither.
    static func counts(_ purchase: PurchaseEnvironment, for key: VoidhashEnvironment) -> Bool {
        switch (key, purchase) {
        case (.production, .production), (.production, .sandbox): true
        case (.test, .sandbox), (.test, .simulated), (.test, .testMode): true
        default: false
        }
    }
}
