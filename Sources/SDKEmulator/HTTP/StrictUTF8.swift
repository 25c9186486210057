extension String {
    /// The text of `bytes`, or `nil` when they are not valid UTF-8 (no replacement characters).
    ///
    /// `String(validating:as:)` would do, but needs macOS 15 / iOS 18.
    init?(strictUTF8 bytes: some Collection<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { return nil }
        self = text
    }
}
