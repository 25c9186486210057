/// Where a spec file's bytes stop being UTF-8, so that the error points at the byte to fix
/// instead of the file's first line.
enum UTF8Check {
    /// The first byte that does not begin or continue a UTF-8 character.
    struct InvalidByte: Equatable {
        /// The byte's value.
        var value: UInt8
        /// Its line, from 1.
        var line: Int
        /// Its column, from 1, counted in the Unicode scalars before it on its line, as the
        /// loader counts columns.
        var column: Int

        /// The byte as written in a message, `0xE9`.
        var hex: String {
            let digits = String(value, radix: 16, uppercase: true)
            return "0x" + (digits.count < 2 ? "0" : "") + digits
        }
    }

    /// The first byte of `bytes` that is not UTF-8, or `nil` when they all are.
    static func firstInvalidByte(in bytes: [UInt8]) -> InvalidByte? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        var column = 1
        var afterCarriageReturn = false
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
                let byte = encoded.count == 1 ? encoded.first : nil
                // Lines end as YAML ends them: a line feed, a carriage return, or both together.
                if byte == UInt8(ascii: "\r") || (byte == UInt8(ascii: "\n") && !afterCarriageReturn) {
                    line += 1
                    column = 1
                } else if byte != UInt8(ascii: "\n") {
                    column += 1
                }
                afterCarriageReturn = byte == UInt8(ascii: "\r")
            case .error:
                return InvalidByte(value: bytes[offset], line: line, column: column)
            case .emptyInput:
                return nil
            }
        }
    }
}
