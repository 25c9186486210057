/// Shorthands the OpenAPI export builds its document with: a JSON object is a list of members
/// in the order they are written out, so the document reads in spec order on every run.
extension JSONLiteral {
    /// A whole number.
    static func integer(_ value: Int) -> JSONLiteral { .number(String(value)) }

    /// An array of strings.
    static func strings(_ values: [String]) -> JSONLiteral { .array(values.map { .string($0) }) }

    /// An object of `members`, leaving out those whose value is `nil`.
    static func fields(_ members: [(String, JSONLiteral?)]) -> JSONLiteral {
        .object(members.compactMap { name, value in value.map { JSONMember(name: name, value: $0) } })
    }

    /// `"x-sdkgen-source": "FILE:LINE"`, the spec line an element of the document came from.
    static func source(_ location: SourceLocation) -> (String, JSONLiteral?) {
        ("x-sdkgen-source", .string("\(location.file):\(location.line)"))
    }

    /// This object with `members` added at its end (a value that is not an object is returned
    /// as it is).
    func adding(_ members: [(String, JSONLiteral?)]) -> JSONLiteral {
        guard case .object(let existing) = self else { return self }
        guard case .object(let added) = JSONLiteral.fields(members) else { return self }
        return .object(existing + added)
    }
}
