// Injected into Voidhash by `.ci/apple-typecheck --self-check`, which expects the type-check to
// fail on it: `AppStore.sync()` throws (a cancelled sign-in is `StoreKitError.userCancelled`),
// so calling it without `try` is wrong.
#if canImport(StoreKit)
    import StoreKit

    enum WrongStoreKitCall {
        static func restore() async {
            await AppStore.sync()
        }
    }
#endif
