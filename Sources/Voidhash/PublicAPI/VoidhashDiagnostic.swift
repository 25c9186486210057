import SDKRuntime

/// Something the SDK noticed at run time that the app may want to log or count, reported
/// through `VoidhashOptions.onDiagnostic`. Never carries personal data.
public struct VoidhashDiagnostic: CodedReport {
    /// A diagnostic code; `rawValue` is the code as the docs spell it.
    ///
    /// An open set: later versions may report codes this one does not name.
    public struct Code: ReportCode {
        /// The code as the docs spell it.
        public let rawValue: String

        /// The code spelled `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Voidhash refused a queued change to a person for good (an identity link, attributes or
        /// a purchase) and it was dropped; or an identify signed in without the anonymous history
        /// because the anonymous ID already belongs to another person.
        public static let personWriteRejected = Code(
            rawValue: VoidhashError.Code.personWriteRejected.rawValue)
        /// Voidhash refused the publishable key; queued work stays queued.
        public static let authenticationFailed = Code(
            rawValue: VoidhashError.Code.authenticationFailed.rawValue)
        /// The storage directory could not be used, at launch or later (a full disk, a volume
        /// that became read-only): what the device held is kept as it was, and the SDK carries on
        /// with its state in memory for the rest of this launch; changes from then on end with it.
        public static let storageUnavailable = Code(rawValue: "STORAGE_UNAVAILABLE")
        /// The database file could not be read and was moved aside (kept); a fresh one was made.
        public static let storageRecovered = Code(rawValue: "STORAGE_RECOVERED")
        /// A read or write of the SDK's storage failed; the change may not survive a restart.
        public static let storageWriteFailed = Code(rawValue: "STORAGE_WRITE_FAILED")
        /// A queued item could never be sent and was set aside (kept, not sent).
        public static let deliveryQuarantined = Code(rawValue: "DELIVERY_QUARANTINED")
        /// Voidhash refused a queued analytics event for good; it was dropped.
        public static let eventRejected = Code(rawValue: "EVENT_REJECTED")
        /// A `$groupidentify` sent without analytics consent could not be delivered; it is not
        /// retried, and the next `setGroups` sends it again.
        public static let groupIdentifyNotSent = Code(rawValue: "GROUP_IDENTIFY_NOT_SENT")
    }

    /// What happened.
    public var code: Code
    /// An explanation for developers, free of personal data.
    public var message: String

    /// A diagnostic with `code` and `message`.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }
}
