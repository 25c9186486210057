import Foundation

extension UUID {
    /// The UUID's 36-character text with lower-case hex digits, as `uuidString.lowercased()`
    /// spells it: the form every ID this package makes is stored and sent in.
    ///
    /// Written digit by digit: Foundation's `uuidString` formats through `sprintf` on Linux, and
    /// lowering its case takes a second pass over a second string; a capture spells two IDs.
    package var lowercasedText: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var end = 0
                for (offset, byte) in bytes.enumerated() {
                    if offset == 4 || offset == 6 || offset == 8 || offset == 10 {
                        text[end] = UInt8(ascii: "-")
                        end += 1
                    }
                    (text[end], text[end + 1]) = LowercaseHex.digits(of: byte)
                    end += 2
                }
                return end
            }
        }
    }
}
