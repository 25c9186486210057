/// A code from an SDK's documented list, spelled as the docs spell it (such as
/// `INVALID_ARGUMENT`): an open set, so a code this version does not name keeps its raw value.
///
/// The SDKs' error, warning and diagnostic codes conform; each declares its codes as static
/// constants and gets its description from here.
public protocol ReportCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible
where RawValue == String {
    /// The code spelled `rawValue`; never refused.
    init(rawValue: String)
}

extension ReportCode {
    /// The code as the docs spell it: the raw value.
    public var description: String { rawValue }
}

/// What an SDK reports to the app: a ``ReportCode`` from the docs' list and an explanation for
/// developers. Its description is `CODE: message`.
///
/// The SDKs' errors, warnings and diagnostics with a code and a message conform (in Voidhash:
/// `VoidhashError`, `VoidhashWarning`, `VoidhashDiagnostic`).
public protocol CodedReport: Sendable, Hashable, CustomStringConvertible {
    /// The type of the codes.
    associatedtype Code: ReportCode

    /// What happened, as a code from the docs' list.
    var code: Code { get }
    /// An explanation for developers, free of personal data.
    var message: String { get }

    /// The report of `code` with `message`.
    init(code: Code, message: String)
}

extension CodedReport {
    /// `CODE: message`.
    public var description: String { "\(code.rawValue): \(message)" }
}
