/// A file of a generated module whose declarations are built only when it is rendered.
///
/// Translating every file of a large spec before rendering any of them kept every declaration
/// tree in memory at once (the 10,000-model spec's trees took hundreds of megabytes); built and
/// rendered one at a time, each tree is freed as soon as its text exists.
struct PendingFile: Sendable {
    /// The path relative to the output root.
    var path: String
    /// Builds the file.
    var build: @Sendable () -> SwiftFile
}
