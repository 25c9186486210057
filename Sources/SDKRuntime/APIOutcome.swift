/// The outcome of one operation of a generated client, as a value: what contract tests and
/// callers that prefer branching to `catch` look at.
public struct APIOutcome<Value: Sendable>: Sendable {
    /// The result, when the operation succeeded.
    public var value: Value?
    /// The failure, when it did not.
    public var error: APIError?

    /// Runs `operation` and keeps its result or its error (an error that is not an `APIError`,
    /// which generated clients never throw, is kept as `invalidResponse` with its description).
    public static func of(_ operation: () async throws -> Value) async -> APIOutcome {
        do {
            return APIOutcome(value: try await operation(), error: nil)
        } catch let error as APIError {
            return APIOutcome(value: nil, error: error)
        } catch {
            return APIOutcome(value: nil, error: APIError(category: .invalidResponse, message: "\(error)"))
        }
    }
}
