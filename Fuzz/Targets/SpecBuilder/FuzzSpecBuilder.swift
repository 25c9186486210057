import Foundation
import Synchronization

/// How many specs were built and how many of them loaded, printed every 10,000 inputs: most
/// built specs should load, or translation and rendering are not being fuzzed.
private let counts = Mutex((built: 0, loaded: 0))

/// libFuzzer's entry point: one input is a stream of choices that `SpecBuilder` turns into a
/// spec, which then goes through the whole generator (`checkGeneratorPipeline`). With
/// `FUZZ_PRINT_SPEC=1` the built spec is printed, so a finding can be kept as a YAML fixture.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecBuilder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var builder = SpecBuilder(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let text = builder.text()
    if ProcessInfo.processInfo.environment["FUZZ_PRINT_SPEC"] == "1" { print(text, terminator: "") }
    let loaded = checkGeneratorPipeline(text: text, file: "Spec/fuzz.yaml")
    let (built, loadedCount) = counts.withLock { counts in
        counts.built += 1
        if loaded { counts.loaded += 1 }
        return (counts.built, counts.loaded)
    }
    if built.isMultiple(of: 10_000) {
        FileHandle.standardError.write(Data("spec-builder: \(built) specs built, \(loadedCount) loaded\n".utf8))
    }
    return 0
}
