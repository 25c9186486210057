/// libFuzzer's entry point: one input is the text of a spec file, which goes through the whole
/// generator (`checkGeneratorPipeline`). Non-UTF-8 bytes are refused before the loader, as the
/// driver does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    checkGeneratorPipeline(text: text, file: "fuzz.yaml")
    return 0
}
