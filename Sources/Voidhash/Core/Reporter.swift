/// Hands warnings and diagnostics to the app's callbacks.
struct Reporter: Sendable {
    /// The app's warning callback.
    let onWarning: (@Sendable (VoidhashWarning) -> Void)?
    /// The app's diagnostics callback.
    let onDiagnostic: (@Sendable (VoidhashDiagnostic) -> Void)?

    /// Reports a mistake the SDK ignored.
    func warn(_ code: VoidhashWarning.Code, _ message: String) {
        onWarning?(VoidhashWarning(code: code, message: message))
    }

    /// Reports something that happened at run time.
    func diagnose(_ code: VoidhashDiagnostic.Code, _ message: String) {
        onDiagnostic?(VoidhashDiagnostic(code: code, message: message))
    }
}
