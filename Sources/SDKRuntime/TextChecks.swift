/// The string checks generated validators are made of, written once here and tuned for the
/// common case of ASCII input (eight UTF-8 bytes at a time, no allocation).
public enum TextChecks {
    /// What a length limit counts.
    public enum LengthUnit: Sendable {
        /// User-perceived characters (`Character`, extended grapheme clusters).
        case characters
        /// Unicode scalars.
        case unicodeScalars
        /// UTF-8 bytes.
        case utf8Bytes
        /// UTF-16 code units.
        case utf16CodeUnits
    }

    /// Whether `value` has at least one Unicode scalar that is not whitespace (Unicode
    /// `White_Space`). Scalars, not characters: a space followed by a combining mark is one
    /// character, which Swift's `Character.isWhitespace` calls whitespace by its first scalar,
    /// but the mark is not whitespace, and the contract's pattern checks scalar by scalar.
    @inlinable
    public static func containsNonWhitespace(_ value: String) -> Bool {
        for byte in value.utf8 {
            if byte >= 0x80 { return value.unicodeScalars.contains { !$0.properties.isWhitespace } }
            if byte != 0x20 && !(0x09...0x0D).contains(byte) { return true }
        }
        return false
    }

    /// The length of `value` in `unit`.
    ///
    /// Counting characters is counting bytes when every byte is ASCII and none is a carriage
    /// return (the only ASCII byte that joins the next one, `\r\n`, into one character).
    @inlinable
    public static func length(of value: String, in unit: LengthUnit) -> Int {
        switch unit {
        case .utf8Bytes: return value.utf8.count
        case .utf16CodeUnits: return value.utf16.count
        case .unicodeScalars: return value.unicodeScalars.count
        case .characters:
            let carriageReturns = repeated(0x0D)
            let bytesAreCharacters = value.utf8.withContiguousStorageIfAvailable { bytes in
                !anyWord(of: bytes) { $0 & highBits != 0 || hasZeroByte($0 ^ carriageReturns) }
            }
            return bytesAreCharacters == true ? value.utf8.count : value.count
        }
    }

    /// Whether `value` contains any of `scalars`.
    @inlinable
    public static func containsAny(of scalars: [Unicode.Scalar], in value: String) -> Bool {
        if scalars.count == 1, let scalar = scalars.first, scalar.isASCII {
            let pattern = repeated(UInt8(truncatingIfNeeded: scalar.value))
            let found = value.utf8.withContiguousStorageIfAvailable { bytes in
                anyWord(of: bytes) { hasZeroByte($0 ^ pattern) }
            }
            if let found { return found }
        }
        return value.unicodeScalars.contains { scalars.contains($0) }
    }

    /// Whether `value` starts with `prefix`, compared scalar by scalar (not by characters, so a
    /// combining mark after the prefix cannot hide it).
    @inlinable
    public static func hasPrefix(_ value: String, _ prefix: String) -> Bool {
        value.utf8.starts(with: prefix.utf8)
    }

    /// Whether `a` and `b` are the same text byte for byte. Swift's `==` compares strings by
    /// canonical equivalence (a precomposed `é` equals `e` followed by a combining accent), but
    /// an identifier is what is sent and stored, bytes, and two such IDs name two accounts.
    @inlinable
    public static func isIdentical(_ a: String, _ b: String) -> Bool {
        a.utf8.elementsEqual(b.utf8)
    }
}

// MARK: Eight bytes at a time

extension TextChecks {
    /// The high bit of every byte of a word.
    @inlinable
    static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// A word whose eight bytes are all `byte`.
    @inlinable
    @inline(__always)
    static func repeated(_ byte: UInt8) -> UInt64 {
        UInt64(byte) &* 0x0101_0101_0101_0101
    }

    /// Whether one of the eight bytes of `word` is zero (exact: borrows only ever follow a
    /// zero byte).
    @inlinable
    @inline(__always)
    static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- 0x0101_0101_0101_0101) & ~word & highBits != 0
    }

    /// Whether `test` holds for some word of `bytes`, read eight bytes at a time with the last
    /// word overlapping the one before it. A buffer shorter than eight bytes is tested as one
    /// word padded with copies of its first byte, so `test` must ask only whether some byte has
    /// a property (padding repeats a byte that is there).
    @inlinable
    @inline(__always)
    static func anyWord(
        of bytes: UnsafeBufferPointer<UInt8>, _ test: (UInt64) -> Bool
    ) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        guard count >= 8 else {
            var word = repeated(base[0])
            withUnsafeMutableBytes(of: &word) { target in
                target.copyMemory(from: UnsafeRawBufferPointer(start: raw, count: count))
            }
            return test(word)
        }
        var offset = 0
        while offset < count - 8 {
            if test(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
            offset &+= 8
        }
        return test(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }
}
