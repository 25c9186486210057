import SDKGenCore

/// Runs spec text through the generator as `sdkgen` does (load with every generation-time
/// check; then translate, render and export as OpenAPI), aborting when a property breaks: a
/// refused spec always says why, a loaded one logs no error and generates files, each starting
/// with sdkgen's header for the spec (the mark output ownership relies on). Returns whether the
/// spec loaded.
@discardableResult
func checkGeneratorPipeline(text: String, file: String) -> Bool {
    var log = DiagnosticLog()
    let spec = SpecLoader.load(text: text, file: file, log: &log)
    for diagnostic in log.sorted { _ = diagnostic.description }
    guard let spec else {
        if !log.hasErrors { fuzzFailure("the loader refused the spec without an error") }
        return false
    }
    if log.hasErrors { fuzzFailure("the loader returned a spec although it logged an error") }
    let files = GeneratorRun.files(for: spec)
    if files.isEmpty { fuzzFailure("a loaded spec generated no files") }
    for (path, text) in files where GeneratedFileHeader.specFile(of: text) != file {
        fuzzFailure("\(path) does not start with sdkgen's header for its spec")
    }
    return true
}
