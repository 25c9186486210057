import SDKGenCore

/// Loads spec text and generates its files, or returns the diagnostics.
enum Generate {
    /// The generated files of `text`, named `file` in headers and diagnostics.
    static func files(_ text: String, file: String = "Spec/test.yaml") -> (
        files: [String: String], diagnostics: [String]
    ) {
        var log = DiagnosticLog()
        guard let spec = SpecLoader.load(text: text, file: file, log: &log) else {
            return ([:], log.sorted.map(\.description))
        }
        return (GeneratorRun.files(for: spec), log.sorted.map(\.description))
    }

    /// The diagnostics of `text`, as `sdkgen` prints them.
    static func diagnostics(_ text: String, file: String) -> [String] {
        var log = DiagnosticLog()
        _ = SpecLoader.load(text: text, file: file, log: &log)
        return log.sorted.map(\.description)
    }
}
