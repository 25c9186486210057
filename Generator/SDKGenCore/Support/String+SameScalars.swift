extension String {
    /// Whether the two strings hold the same Unicode scalars in the same order: spec text is
    /// compared as written, not under canonical equivalence (`é` precomposed and `e` with a
    /// combining accent are two prefixes).
    func hasSameScalars(as other: String) -> Bool {
        unicodeScalars.elementsEqual(other.unicodeScalars)
    }
}
