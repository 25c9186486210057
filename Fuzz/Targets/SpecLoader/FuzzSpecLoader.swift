import SDKGenCore

/// libFuzzer's entry point: one input is the text of a spec file. It is loaded as `sdkgen`
/// loads it (non-UTF-8 bytes are refused before the loader, as the driver does) and, when it
/// loads, translated into the files of both generated modules.
///
/// Besides "never crash", the run checks that a refused spec always says why: `load` returns
/// `nil` only with an error in the log, and returns a spec only with none.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    var log = DiagnosticLog()
    let spec = SpecLoader.load(text: text, file: "fuzz.yaml", log: &log)
    for diagnostic in log.sorted { _ = diagnostic.description }
    guard let spec else {
        if !log.hasErrors { fuzzFailure("the loader refused the spec without an error") }
        return 0
    }
    if log.hasErrors { fuzzFailure("the loader returned a spec although it logged an error") }
    if SpecTranslator.files(for: spec).isEmpty { fuzzFailure("a loaded spec translated to no files") }
    return 0
}
