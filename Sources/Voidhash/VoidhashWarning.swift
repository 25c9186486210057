/// A mistake in how the app called the SDK that the SDK ignored instead of throwing, reported
/// through `VoidhashOptions.onWarning`. Never carries personal data.
public struct VoidhashWarning: Sendable, Hashable, CustomStringConvertible {
    /// A warning code; an open set.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's text.
        public let rawValue: String

        /// The code spelled `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// `VoidhashOptions.distinctId` broke the user ID rules and was ignored.
        public static let invalidDistinctId = Code(rawValue: "INVALID_DISTINCT_ID")
        /// A simulated purchase source was configured with a production key; simulated purchases
        /// never unlock perks there.
        public static let simulatedPurchasesInProduction = Code(
            rawValue: "SIMULATED_PURCHASES_IN_PRODUCTION")

        /// The raw value.
        public var description: String { rawValue }
    }

    /// What was ignored.
    public var code: Code
    /// An explanation for developers, free of personal data.
    public var message: String

    /// A warning with `code` and `message`.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// `CODE: message`.
    public var description: String { "\(code.rawValue): \(message)" }
}
