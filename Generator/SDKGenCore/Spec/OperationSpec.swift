/// One operation of the API: a method and path, what it takes and what it answers.
public struct OperationSpec: Hashable, Sendable {
    /// A path or query parameter.
    public struct Parameter: Hashable, Sendable {
        /// Where the parameter goes.
        public enum Placement: String, Hashable, Sendable {
            /// In the path, as `{name}`.
            case path
            /// In the query string.
            case query
        }
        /// The name in the path or query.
        public var name: String
        /// Path or query.
        public var placement: Placement
        /// The type (string, integer or boolean; optional allowed for query).
        public var type: TypeReference
        /// A rule the value must pass before sending, if any.
        public var rule: String?
        /// What it holds.
        public var doc: String
        /// Where it is declared.
        public var location: SourceLocation
    }
    /// An example call and its answer, checked against the emulator.
    public struct Example: Hashable, Sendable {
        /// A name for the example (names the test).
        public var name: String
        /// Parameter values by name, as written; a `null` one is not sent (`sentParameters`).
        public var parameters: [JSONMember]
        /// The request body, when the operation takes one.
        public var body: JSONLiteral?
        /// The status expected.
        public var status: Int
        /// The error code expected, for a failing example.
        public var errorCode: String?
        /// Where it is written.
        public var location: SourceLocation

        /// The parameters the example sends: a parameter given as `null` is left out, as the
        /// client leaves out an optional parameter that is `nil`.
        public var sentParameters: [JSONMember] { parameters.filter { $0.value != .null } }
    }
    /// The operation's name (`identify`), which names the client function.
    public var name: String
    /// Where it is declared.
    public var location: SourceLocation
    /// What it does.
    public var doc: String
    /// `GET`, `POST`, `PUT`, `PATCH` or `DELETE`.
    public var method: String
    /// The path template, such as `/v1/people/{distinctId}`.
    public var path: String
    /// Parameters, path ones first in path order, then query ones.
    public var parameters: [Parameter]
    /// The request body's model, if any.
    public var requestBody: String?
    /// The response body's model, if any (none means the body is ignored).
    public var responseBody: String?
    /// The success status.
    public var successStatus: Int
    /// Error codes the operation may answer with.
    public var errors: [String]
    /// The constant naming this operation's timeout, if not the transport default.
    public var timeout: String?
    /// Whether requests carry an `Idempotency-Key` (every mutating method does).
    public var sendsIdempotencyKey: Bool
    /// Examples.
    public var examples: [Example]
    /// Where the values of `body`, `response`, `timeout` and each of `errors` are written, for
    /// diagnostics about them (by key; each error code by its index).
    public var valueLocations = ValueLocations()

    /// Where the values an operation names are written.
    public struct ValueLocations: Hashable, Sendable {
        /// The `body` value's location, if any.
        public var body: SourceLocation?
        /// The `response` value's location, if any.
        public var response: SourceLocation?
        /// The `timeout` value's location, if any.
        public var timeout: SourceLocation?
        /// The location of each error code, in order.
        public var errors: [SourceLocation] = []
    }
}
