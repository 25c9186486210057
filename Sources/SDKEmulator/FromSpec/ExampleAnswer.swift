import Foundation
import SDKRuntime

/// One operation example of a spec, as the server made from the spec answers it: the request
/// the example describes (the parameters it names and, when it has one, its body) and the
/// response the example expects.
public struct ExampleAnswer: Sendable {
    /// The example's name in the spec.
    public var name: String
    /// The parameter values the example names, as text (`10`, `true`); a request matches when
    /// each path parameter or query item of that name has that value.
    public var parameters: [String: String]
    /// Whether a request body is the example's body, when the example has one.
    public var body: (@Sendable (Data) -> Bool)?
    /// What the server answers.
    public var response: EmulatorResponse

    /// An answer; see the properties.
    public init(
        name: String, parameters: [String: String] = [:], body: (@Sendable (Data) -> Bool)? = nil,
        response: EmulatorResponse
    ) {
        self.name = name
        self.parameters = parameters
        self.body = body
        self.response = response
    }

    /// Whether `request` (routed with `pathParameters`) is the request this example describes.
    public func matches(_ request: EmulatorRequest, pathParameters: PathParameters) -> Bool {
        for (name, value) in parameters where (pathParameters[name] ?? request.queryValue(name)) != value {
            return false
        }
        return body?(request.body) ?? true
    }

    /// How much of a request the example names: its parameters, and one for a body.
    public var specificity: Int { parameters.count + (body == nil ? 0 : 1) }

    /// A body test for `type`: a request body matches when it decodes to the value `json`
    /// decodes to (so `2026-11-29T10:00:00Z` and `2026-11-29T10:00:00.000Z` are the same date).
    public static func body<Model: Decodable & Equatable & Sendable>(_ type: Model.Type, equalTo json: String)
        -> @Sendable (Data) -> Bool
    {
        guard let expected = try? JSONCoding.decoder.decode(Model.self, from: Data(json.utf8)) else {
            return { _ in false }
        }
        return { data in (try? JSONCoding.decoder.decode(Model.self, from: data)) == expected }
    }

    /// A JSON response whose body is `json` exactly as the spec writes it.
    public static func json(_ json: String, status: Int) -> EmulatorResponse {
        EmulatorResponse(
            status: status, headers: [HTTPField(name: "Content-Type", value: "application/json")],
            body: Data(json.utf8))
    }
}
