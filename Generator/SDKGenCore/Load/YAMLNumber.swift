/// The numbers of YAML 1.2's core schema that JSON writes another way, as JSON writes them.
enum YAMLNumber {
    /// `text` as a JSON number when YAML 1.2's core schema reads it as a number: an integer
    /// with a sign or leading zeros (`+1`, `007`), in octal (`0o17`) or hexadecimal (`0x1F`),
    /// or a decimal number written without a digit on one side of its point (`.5`, `1.`) or
    /// with a sign; `nil` for anything else, and for octal or hexadecimal past 64 bits.
    static func jsonText(_ text: String) -> String? {
        for (prefix, radix) in [("0o", 8), ("0x", 16)] where text.hasPrefix(prefix) {
            let digits = text.dropFirst(2)
            guard digits.allSatisfy(\.isHexDigit), let value = UInt64(digits, radix: radix) else { return nil }
            return String(value)
        }
        var rest = Substring(text)
        var sign = ""
        if let first = rest.first, first == "+" || first == "-" {
            sign = first == "-" ? "-" : ""
            rest = rest.dropFirst()
        }
        let integer = rest.prefix(while: isDigit)
        rest = rest.dropFirst(integer.count)
        var fraction: Substring?
        if rest.first == "." {
            rest = rest.dropFirst()
            fraction = rest.prefix(while: isDigit)
            rest = rest.dropFirst(fraction?.count ?? 0)
        }
        guard !integer.isEmpty || fraction?.isEmpty == false else { return nil }
        var exponent = ""
        if let mark = rest.first, mark == "e" || mark == "E" {
            rest = rest.dropFirst()
            var exponentSign = ""
            if let first = rest.first, first == "+" || first == "-" {
                exponentSign = String(first)
                rest = rest.dropFirst()
            }
            let digits = rest.prefix(while: isDigit)
            guard !digits.isEmpty else { return nil }
            rest = rest.dropFirst(digits.count)
            exponent = "e" + exponentSign + digits
        }
        guard rest.isEmpty else { return nil }
        let whole = integer.drop { $0 == "0" }
        let fractionText = fraction.map { "." + ($0.isEmpty ? "0" : $0) } ?? ""
        return sign + (whole.isEmpty ? "0" : String(whole)) + fractionText + exponent
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }
}
