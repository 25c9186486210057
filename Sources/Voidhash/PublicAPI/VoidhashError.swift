import SDKRuntime
import VoidhashAPI

/// What the Voidhash SDK throws: a code from the docs' error list and an explanation.
///
/// Messages never contain the values the app passed (user IDs, emails, attribute values).
public struct VoidhashError: CodedReport, Error {
    /// An error code; `rawValue` is the code as the docs spell it, such as `INVALID_ARGUMENT`.
    ///
    /// An open set: a code this version does not know keeps its raw value.
    public struct Code: ReportCode {
        /// The code as the docs spell it.
        public let rawValue: String

        /// The code spelled `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// An argument broke a rule of the docs; nothing was changed.
        public static let invalidArgument = Code(rawValue: VoidhashErrorCode.invalidArgument.rawValue)
        /// Voidhash refused the publishable key.
        public static let authenticationFailed = Code(
            rawValue: VoidhashErrorCode.authenticationFailed.rawValue)
        /// Voidhash refused a change to the person for good.
        public static let personWriteRejected = Code(
            rawValue: VoidhashErrorCode.personWriteRejected.rawValue)
        /// The purchase source (the store) failed.
        public static let purchaseSourceFailed = Code(rawValue: "PURCHASE_SOURCE_FAILED")
    }

    /// What went wrong.
    public var code: Code
    /// An explanation for developers, free of personal data.
    public var message: String

    /// An error with `code` and `message`.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// `INVALID_ARGUMENT` with `message`.
    static func invalidArgument(_ message: String) -> VoidhashError {
        VoidhashError(code: .invalidArgument, message: message)
    }
}
