import SDKRuntime

/// A mistake in how the app called the SDK that the SDK ignored instead of throwing, reported
/// through `VoidhashOptions.onWarning`. Never carries personal data.
public struct VoidhashWarning: CodedReport {
    /// A warning code; an open set.
    public struct Code: ReportCode {
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
        /// A group type broke its rule (``/VoidhashAPI/GroupTypeRule``); the group was ignored.
        public static let invalidGroupType = Code(rawValue: "INVALID_GROUP_TYPE")
        /// A group key broke its rule (``/VoidhashAPI/GroupKeyRule``); the group was ignored.
        public static let invalidGroupKey = Code(rawValue: "INVALID_GROUP_KEY")
        /// The project already has as many group types as it may keep
        /// (``/VoidhashAPI/VoidhashConstants/maxGroupTypes``); a group of another type was ignored.
        public static let groupTypeLimit = Code(rawValue: "GROUP_TYPE_LIMIT")
        /// A group property was not a string, number or boolean (or its name was invalid); it was
        /// left out.
        public static let invalidGroupProperty = Code(rawValue: "INVALID_GROUP_PROPERTY")
        /// An event name broke its rule (``/VoidhashAPI/EventNameRule``); the event was dropped.
        public static let invalidEventName = Code(rawValue: "INVALID_EVENT_NAME")
        /// An event property name or value broke its rule (or a `$groups` entry was not a valid
        /// group); it was left out.
        public static let invalidEventProperty = Code(rawValue: "INVALID_EVENT_PROPERTY")
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
}
