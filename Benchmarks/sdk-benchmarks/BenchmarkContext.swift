import Foundation

/// What every section of a run shares: the options, a scratch folder outside the package, and
/// the sampler for fast operations.
struct BenchmarkContext: Sendable {
    /// Fewer sizes and samples.
    var quick: Bool
    /// The shape of the generator and compile sections' specs.
    var shape: SpecShape
    /// The package root (the current directory).
    var packageRoot: URL
    /// A fresh folder under the system's temporary directory, removed at the end of the run.
    var scratch: URL
    /// Samples fast operations.
    var sampler: Sampler

    /// `normal` samples, or `quick` ones in a quick run.
    func samples(_ normal: Int, quick quickCount: Int) -> Int { quick ? quickCount : normal }

    /// Prints progress to standard error (the table goes to standard output).
    func log(_ message: String) {
        FileHandle.standardError.write(Data("… \(message)\n".utf8))
    }
}
