/// The options of a benchmark run: `sdk-benchmarks [--quick] [--shape SHAPE] [--json PATH] [--only GROUPS]`.
struct BenchmarkOptions: Sendable {
    /// The sections a run can be limited to with `--only`.
    enum Group: String, Sendable, CaseIterable {
        case generator, compile, hot, queue, emulator
    }

    /// Fewer sizes, samples and items, to finish in under a minute.
    var quick = false
    /// The shape of the specs the generator and compile sections measure.
    var shape = SpecShape.synthetic
    /// Where the figures are written as JSON.
    var jsonPath = ".build/benchmarks.json"
    /// The sections to run.
    var groups = Set(Group.allCases)

    /// How the options are written.
    static let usage = """
        usage: sdk-benchmarks [--quick] [--shape synthetic|peer] [--json PATH] [--only generator,compile,hot,queue,emulator]
               sdk-benchmarks make-spec [--shape synthetic|peer] --models N --output FILE
               sdk-benchmarks generate-once SPEC --output DIR
               sdk-benchmarks open-queue DIRECTORY NAME

        Run from the package root in release mode: swift run -c release sdk-benchmarks
        --quick  fewer sizes and samples (under a minute); skips the compile benchmarks
        --shape  the specs the generator and compile sections measure: synthetic (the default) or
                 peer (the content swift-openapi-generator was timed on: an enum per model and a
                 chain of references between models)
        --json   where to write the figures (default .build/benchmarks.json)
        --only   run only these sections
        """

    /// Parses `arguments` (without the program name).
    init(arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--shape":
                guard let name = remaining.popFirst(), let chosen = SpecShape(rawValue: name) else {
                    throw UsageError("--shape needs synthetic or peer")
                }
                shape = chosen
            case "--json":
                guard let path = remaining.popFirst() else { throw UsageError("--json needs a path") }
                jsonPath = path
            case "--only":
                guard let list = remaining.popFirst() else { throw UsageError("--only needs sections") }
                var chosen = Set<Group>()
                for name in list.split(separator: ",") {
                    guard let group = Group(rawValue: String(name)) else {
                        throw UsageError("unknown section \(name)")
                    }
                    chosen.insert(group)
                }
                groups = chosen
            default: throw UsageError("unknown argument \(argument)")
            }
        }
    }
}

/// A command line the benchmark does not understand.
struct UsageError: Error, CustomStringConvertible {
    /// What is wrong with it.
    var description: String

    /// An error saying `description`.
    init(_ description: String) { self.description = description }
}
