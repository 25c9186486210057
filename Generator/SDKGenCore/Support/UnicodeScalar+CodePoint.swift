extension Unicode.Scalar {
    /// The scalar's code point as messages name it: `U+` and four or more upper-case
    /// hexadecimal digits (`U+0007`, `U+1F600`).
    var codePoint: String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
