/// How large specs are laid out: a folder that would hold more than `threshold` files (one per
/// model, enum, rule, identifier, operation or test suite) gets files of `perFile` declarations
/// instead, named after the folder and numbered: `Models/Models-001.swift`.
///
/// Creating and comparing tens of thousands of small files costs the generator more than
/// producing their text, and the compiler pays per file too: a debug build compiles files in
/// batches of 25, each batch a compiler process that parses the whole module again, and every
/// file gets its own object file. The 100-model synthetic spec compiled about a fifth faster as
/// 27 files than as 123. Specs up to the threshold (every spec written by hand so far) keep one
/// file per declaration.
///
/// The compiler splits a module's files, in order, into batches of equal count, one compiler
/// process each, so a file should cost about as much as any other: a model costs about four
/// times what an enum does to compile, and model files hold a quarter as many declarations.
/// With files of 50 models, the 100-model peer-shape module's two batches took about 8 s and 2.5 s,
/// and the build waited for the longer.
///
/// Past `maximumFiles` files in a folder, a spec's files grow instead of multiplying: every file
/// holds `scale(for:)` times its usual count. Creating a file costs the file system more than
/// writing its text (the 10,000-model spec's 1,341 files took about a second to create right
/// after the previous output was deleted, a third of the run), and each compiler batch parses
/// the whole module, whatever its files. One factor for the whole spec keeps a file of models
/// costing about what a file of enums does. The limit is not lower because fewer, larger files
/// compile slower: with at most 25 a folder, the 1,000-model peer-shape module (32 files instead
/// of 113) took 65 s to build instead of 57 s.
package enum FileGrouping {
    /// The most files a folder holds before its declarations are grouped.
    static let threshold = 24
    /// The declarations of one grouped file.
    package static let perFile = 50
    /// The models of one grouped file.
    package static let modelsPerFile = 12
    /// The most grouped files a folder holds before the files of the spec grow.
    static let maximumFiles = 100

    /// How many times its usual count of declarations each grouped file of `spec` holds: 1 until
    /// the largest folder would hold more than `maximumFiles` files, then just enough for it to
    /// hold at most that many.
    static func scale(for spec: Spec) -> Int {
        let counts = [
            (spec.models.count, modelsPerFile), (spec.enums.count, perFile), (spec.rules.count, perFile),
            (spec.identifiers.count, perFile), (spec.operations.count, perFile),
        ]
        let largest = counts.map { count, perFile in (count + perFile - 1) / perFile }.max() ?? 0
        return max(1, (largest + maximumFiles - 1) / maximumFiles)
    }

    /// `files` (all in one folder, in spec order) as they are written: unchanged up to
    /// `threshold`, otherwise merged in order into files of `perFile × scale` declarations at
    /// `<folder>/<name>-<number>.swift`.
    static func group(
        _ files: [PendingFile], folder: String, name: String, perFile: Int = perFile, scale: Int
    ) -> [PendingFile] {
        guard files.count > threshold else { return files }
        let perFile = perFile * scale
        let count = (files.count + perFile - 1) / perFile
        let digits = String(count).count
        return (0..<count).map { index in
            let members = Array(files[index * perFile..<min(files.count, (index + 1) * perFile)])
            let number = String(index + 1)
            let path = "\(folder)/\(name)-\(String(repeating: "0", count: digits - number.count) + number).swift"
            return PendingFile(path: path) {
                let built = members.map { $0.build() }
                return SwiftFile(
                    path: path, specFile: built[0].specFile, imports: Array(Set(built.flatMap(\.imports))),
                    declarations: built.flatMap(\.declarations), qualification: built[0].qualification)
            }
        }
    }
}
