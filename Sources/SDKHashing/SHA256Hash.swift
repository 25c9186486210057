import Foundation
import SDKRuntime

#if canImport(CryptoKit)
    import CryptoKit
#else
    import CCrypto
#endif

/// SHA-256 (FIPS 180-4), from CryptoKit on Apple platforms and OpenSSL's libcrypto elsewhere.
///
/// Used for identifiers such as Mobile Joe's external ID (the first 32 hex digits of the
/// SHA-256 of the app user ID).
public enum SHA256Hash {
    /// The 32-byte digest of `data`.
    public static func bytes(of data: Data) -> [UInt8] {
        #if canImport(CryptoKit)
            Array(SHA256.hash(data: data))
        #else
            var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
            data.withUnsafeBytes { input in
                _ = digest.withUnsafeMutableBufferPointer { output in
                    EVP_Digest(input.baseAddress, input.count, output.baseAddress, nil, EVP_sha256(), nil)
                }
            }
            return digest
        #endif
    }

    /// The digest of `data` as 64 lowercase hexadecimal digits.
    public static func hex(of data: Data) -> String {
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in bytes(of: data) {
            let hex = LowercaseHex.digits(of: byte)
            text.append(hex.high)
            text.append(hex.low)
        }
        return String(decoding: text, as: UTF8.self)
    }
}
