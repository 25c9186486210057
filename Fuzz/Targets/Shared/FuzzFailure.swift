import Foundation

/// Reports a broken property and aborts, which libFuzzer records as a crash and saves the input
/// that caused it.
func fuzzFailure(_ message: String) -> Never {
    FileHandle.standardError.write(Data("fuzz property failed: \(message)\n".utf8))
    abort()
}
