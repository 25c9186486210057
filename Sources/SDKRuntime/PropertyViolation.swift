/// A model member whose value breaks the rule the spec attaches to it (`rule:`, or an inline
/// `pattern` or `length` on the member).
///
/// Generated models with such members have `violations()`, which lists one for every member
/// that fails. The generated client checks a request body with it before sending, and the
/// emulators check received bodies with it; decoding a response never does, so a server that
/// tightens or loosens a rule does not break older clients.
public struct PropertyViolation: Sendable, Hashable {
    /// Where the value is: the member's wire name (`title`), with the index of a list's element
    /// (`tags[2]`) and the path into a held model (`guests[0].name`).
    public var property: String
    /// Why it failed, from the rule's `Violation.message` (never repeats the value).
    public var message: String

    /// A violation of `property`'s rule.
    public init(property: String, message: String) {
        self.property = property
        self.message = message
    }

    /// `property` followed by the reason, as error messages write it (`title is too long`).
    public var description: String { property + " " + message }
}
