/// What a call did in its turn of the call order: its answer, or the wait that is left (for
/// Voidhash to confirm a write, or for a refresh).
///
/// A call takes effect in its turn and waits outside it, so the calls made after it take effect
/// without waiting behind its round trip, as they would had it been made while nothing waited.
enum CallStep<Value: Sendable>: Sendable {
    /// The call is over.
    case finished(Result<Value, VoidhashError>)
    /// The call took effect; the closure waits for the rest of its answer.
    case waiting(@Sendable () async -> Result<Value, VoidhashError>)

    /// A finished call that answered `value`.
    static func answer(_ value: Value) -> Self { .finished(.success(value)) }

    /// A finished call that threw `error`.
    static func failure(_ error: VoidhashError) -> Self { .finished(.failure(error)) }

    /// The call's answer, once any wait left is over.
    func answer() async throws(VoidhashError) -> Value {
        switch self {
        case .finished(let result): try result.get()
        case .waiting(let rest): try await rest().get()
        }
    }
}
