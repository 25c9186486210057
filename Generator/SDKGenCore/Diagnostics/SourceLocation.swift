/// A place in a spec file: 1-based line and column, as editors count them.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file as the user named it (kept relative when they gave a relative path).
    public var file: String
    /// The line, counting from 1.
    public var line: Int
    /// The column, counting from 1.
    public var column: Int

    /// A location in `file` at `line`:`column`.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `FILE:LINE:COLUMN`.
    public var description: String { "\(file):\(line):\(column)" }

    /// Orders by file, then line, then column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
