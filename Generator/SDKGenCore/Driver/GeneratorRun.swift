import Dispatch
import Foundation
import Synchronization

/// One run of the generator over some spec files: load them all, report every problem, and
/// produce the files of every module.
public struct GeneratorRun {
    /// The outcome of loading and translating.
    public struct Result: Sendable {
        /// Every diagnostic, sorted.
        public var diagnostics: [Diagnostic]
        /// The files, relative to the output root; empty when any spec had errors.
        public var files: [String: String]
        /// The folders below the output root that the specs write into: their modules and the
        /// OpenAPI documents' folder.
        public var outputFolders: [String]
        /// Whether any spec had errors.
        public var failed: Bool
    }

    /// Every file a loaded spec generates (its Swift modules and its OpenAPI document), by path
    /// below the output folder.
    ///
    /// The OpenAPI document is one large piece of work that depends on nothing else: it is
    /// written on a thread of its own while the Swift files are rendered, instead of after them.
    public static func files(for spec: Spec) -> [String: String] {
        let document = Mutex("")
        let exported = DispatchGroup()
        DispatchQueue.global().async(group: exported) {
            let text = OpenAPIExporter.text(for: spec)
            document.withLock { $0 = text }
        }
        var files = SpecTranslator.files(for: spec)
        exported.wait()
        files[OpenAPIExporter.path(for: spec)] = document.withLock { $0 }
        return files
    }

    /// Loads each spec and translates those without errors. A spec is read at its path as the
    /// user wrote it and named by its path in the package that holds it (`SpecPathName`), in
    /// diagnostics and in the generated files.
    public static func run(specPaths: [String]) -> Result {
        var log = DiagnosticLog()
        var files: [String: String] = [:]
        var folders: [String] = []
        var names: [String: String] = [:]
        let directory = FileManager.default.currentDirectoryPath
        for path in specPaths {
            let name = SpecPathName.packageName(of: path, runningIn: directory)
            // Generated files name their spec in a comment: a line break there would end it.
            if let control = name.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
                log.error(
                    "the spec file's name holds the control character \(control.codePoint), which the generated files cannot name; rename the file",
                    at: SourceLocation(file: name, line: 1, column: 1))
                continue
            }
            let data: [UInt8]
            do {
                data = try FileTree.readAll(path)
            } catch {
                log.error(
                    "cannot read the spec file: \(error.reason)", at: SourceLocation(file: name, line: 1, column: 1))
                continue
            }
            guard let text = String(validating: data, as: UTF8.self) else {
                // `String(validating:)` refused the bytes, so the scan finds the byte it stopped at.
                let byte = UTF8Check.firstInvalidByte(in: data)
                log.error(
                    "the spec file is not UTF-8 text: the byte \(byte?.hex ?? "here") is not part of a UTF-8 character; save the file as UTF-8",
                    at: SourceLocation(file: name, line: byte?.line ?? 1, column: byte?.column ?? 1))
                continue
            }
            guard let spec = SpecLoader.load(text: text, file: name, log: &log) else { continue }
            // Compared ignoring case: `Notes` and `NOTES` would write one folder on a file system
            // that ignores case (the default on macOS and Windows).
            if let other = names[spec.name.lowercased()] {
                log.error(
                    "API name '\(spec.name)' is already used by \(other) (API names are compared ignoring case)",
                    at: SourceLocation(file: name, line: 1, column: 1))
                continue
            }
            names[spec.name.lowercased()] = name
            let specFiles = Self.files(for: spec)
            // Type names are checked at their line (`SpecChecker.maxTypeNameBytes`); a file name
            // made of several (`<Name>Client+<Operation>.swift`) can still be too long.
            let long = specFiles.keys.sorted().lazy.flatMap { $0.split(separator: "/") }.first {
                $0.utf8.count > FileTree.longestWrittenName
            }
            if let long {
                log.error(
                    "a generated file would be named \(long.prefix(40))… (\(long.utf8.count) bytes), longer than the "
                        + "\(FileTree.longestWrittenName) a file system holds beside sdkgen's temporary name; shorten "
                        + "the API name or the name the file is made from",
                    at: spec.nameLocation)
                continue
            }
            files.merge(specFiles) { first, _ in first }
            folders += SpecTranslator.modules(spec)
        }
        if !names.isEmpty { folders.append(OpenAPIExporter.folder) }
        let failed = log.hasErrors
        return Result(diagnostics: log.sorted, files: failed ? [:] : files, outputFolders: folders, failed: failed)
    }
}
