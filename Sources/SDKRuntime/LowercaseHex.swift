/// Lower-case hexadecimal digits in ASCII: how every hex text this package writes spells a byte
/// (IDs, digests, JSON's `\u00XX` escapes).
package enum LowercaseHex {
    /// The two digits of `byte`, the high half first.
    package static func digits(of byte: UInt8) -> (high: UInt8, low: UInt8) {
        (digit(byte >> 4), digit(byte & 0xF))
    }

    /// The digit of `nibble` (0 to 15).
    private static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
