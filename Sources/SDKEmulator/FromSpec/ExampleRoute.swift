/// One operation of a spec on the server made from the spec: where it is routed, the checks
/// its requests must pass, and the examples it answers.
public struct ExampleRoute: Sendable {
    /// The route's name: what the request log records and what faults target.
    public var name: String
    /// The method.
    public var method: String
    /// The path template, such as `/v1/notes/{noteId}`.
    public var path: String
    /// Why a request is refused (a parameter or the body breaks the spec), or `nil` when it
    /// passes; the generated server checks with the generated validators.
    public var check: @Sendable (EmulatorRequest, PathParameters) -> String?
    /// The status and error code of a refused request.
    public var refusal: (status: Int, code: String)
    /// The examples, in spec order.
    public var answers: [ExampleAnswer]

    /// A route; see the properties.
    public init(
        name: String, method: String, path: String, refusal: (status: Int, code: String) = (400, "INVALID_ARGUMENT"),
        answers: [ExampleAnswer], check: @escaping @Sendable (EmulatorRequest, PathParameters) -> String?
    ) {
        self.name = name
        self.method = method
        self.path = path
        self.check = check
        self.refusal = refusal
        self.answers = answers
    }

    /// The answer to `request`: the refusal when it breaks the spec, else the response of the
    /// matching example that names the most (parameters, and a body counting as one), the
    /// first of those in spec order, else `501 NO_MATCHING_EXAMPLE` (the spec says nothing
    /// about such a request).
    public func respond(to request: EmulatorRequest, pathParameters: PathParameters) -> EmulatorResponse {
        if let reason = check(request, pathParameters) {
            return .error(status: refusal.status, code: refusal.code, message: reason)
        }
        let matching = answers.filter { $0.matches(request, pathParameters: pathParameters) }
        if let best = matching.max(by: { $0.specificity < $1.specificity }) {
            return best.response
        }
        return .error(
            status: 501, code: "NO_MATCHING_EXAMPLE",
            message: "No example of \(name) in the spec describes this request.")
    }
}
