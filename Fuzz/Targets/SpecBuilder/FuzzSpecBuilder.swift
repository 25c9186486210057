import Foundation

/// libFuzzer's entry point: one input is a stream of choices that `SpecBuilder` turns into a
/// spec, which then goes through the whole generator (`checkGeneratorPipeline`). With
/// `FUZZ_PRINT_SPEC=1` the built spec is printed, so a finding can be kept as a YAML fixture.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecBuilder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var builder = SpecBuilder(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let text = builder.text()
    if ProcessInfo.processInfo.environment["FUZZ_PRINT_SPEC"] == "1" { print(text, terminator: "") }
    checkGeneratorPipeline(text: text, file: "Spec/fuzz.yaml")
    return 0
}
