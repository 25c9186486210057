/// One problem found in a spec, reported as `FILE:LINE:COLUMN: error: MESSAGE`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How bad the problem is.
    public enum Severity: String, Hashable, Sendable {
        /// The spec cannot be generated.
        case error
        /// Generation goes on, but the spec likely says something it did not mean.
        case warning
    }

    /// Where the problem is.
    public var location: SourceLocation
    /// Error or warning.
    public var severity: Severity
    /// What is wrong, in one sentence, with a suggestion where one is known.
    public var message: String

    /// A diagnostic at `location`.
    public init(_ severity: Severity, at location: SourceLocation, _ message: String) {
        self.location = location
        self.severity = severity
        self.message = message
    }

    /// The line a compiler would print, `file:line:column: severity: message`, on one line:
    /// control characters and line separators in the file name or the message are written as
    /// code points (`{U+000A}`).
    public var description: String {
        VisibleText.escapingControls("\(location): \(severity.rawValue): \(message)")
    }
}

/// Collects every problem of one run, so that all of them are reported at once.
public struct DiagnosticLog: Sendable {
    /// Everything reported so far, in the order it was found.
    public private(set) var entries: [Diagnostic] = []

    /// An empty log.
    public init() {}

    /// Reports an error at `location`.
    public mutating func error(_ message: String, at location: SourceLocation) {
        entries.append(Diagnostic(.error, at: location, message))
    }

    /// Reports a warning at `location`.
    public mutating func warning(_ message: String, at location: SourceLocation) {
        entries.append(Diagnostic(.warning, at: location, message))
    }

    /// Adds everything `other` reported, after what this log holds.
    public mutating func append(_ other: DiagnosticLog) {
        entries += other.entries
    }

    /// Whether any error (not just warnings) was reported.
    public var hasErrors: Bool { entries.contains { $0.severity == .error } }

    /// The entries sorted by location, then message: the order they are printed in.
    public var sorted: [Diagnostic] {
        entries.sorted { ($0.location, $0.message) < ($1.location, $1.message) }
    }
}
