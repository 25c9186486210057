/// A path cut at its last `/`, found by Unicode scalar, never by `Character`: a `/` followed by a
/// combining mark (a spec name starting with U+0363) is one `Character` with it, which
/// `lastIndex(of: "/")` over the characters does not find.
extension String {
    /// The folder of this path (what is before its last `/`; empty for `/name`), or `nil` when
    /// it has no `/`.
    var pathFolder: String? {
        unicodeScalars.lastIndex(of: "/").map { String(Substring(unicodeScalars[..<$0])) }
    }

    /// The last part of this path (what follows its last `/`), or the whole path without one.
    var pathName: String {
        guard let slash = unicodeScalars.lastIndex(of: "/") else { return self }
        return String(Substring(unicodeScalars[unicodeScalars.index(after: slash)...]))
    }
}
