import Foundation
import SDKRuntime

extension IdentifierBody {
    /// The first 32 lower-case hex digits of the unsalted SHA-256 of `input`'s UTF-8 bytes.
    ///
    /// Lives in `SDKHashing` so that only a client whose spec has a derived (`sha256Hex32`)
    /// identifier links a SHA-256 implementation.
    public static func sha256Hex32(of input: String) -> String {
        String(SHA256Hash.hex(of: Data(input.utf8)).prefix(32))
    }
}
