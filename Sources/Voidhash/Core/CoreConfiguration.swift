/// Everything the core is built from: the checked key, the app's options and the SDK version.
struct CoreConfiguration: Sendable {
    /// The checked publishable key.
    let key: PublishableKey
    /// The app's options.
    let options: VoidhashOptions
    /// This SDK's version, sent in the `Voidhash-SDK` header.
    let sdkVersion: String
}
