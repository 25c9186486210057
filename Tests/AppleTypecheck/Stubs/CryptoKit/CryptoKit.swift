// Compile-only stand-in for the parts of Apple's CryptoKit the SDKs use, for
// `.ci/apple-typecheck`, declared as Apple documents them (iOS 13, macOS 10.15, tvOS 13,
// watchOS 6, visionOS 1). Nothing here runs.
import Foundation

/// A type that performs cryptographically secure hashing.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol HashFunction {
    /// The digest type the function produces.
    associatedtype Digest: CryptoKit.Digest
    /// Computes the digest of `data`.
    static func hash<D: DataProtocol>(data: D) -> Digest
}

/// The output of a hash function: a sequence of bytes.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol Digest: Hashable, ContiguousBytes, Sequence, Sendable where Element == UInt8 {
    /// The number of bytes in the digest.
    static var byteCount: Int { get }
}

/// The digest of SHA-256.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct SHA256Digest: Digest {
    /// 32.
    public static var byteCount: Int { 32 }

    /// Calls `body` with the digest's bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        fatalError("compile-only stub")
    }

    /// An iterator over the digest's bytes.
    public func makeIterator() -> Array<UInt8>.Iterator {
        fatalError("compile-only stub")
    }
}

/// The SHA-256 hash function.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct SHA256: HashFunction {
    /// Computes the SHA-256 digest of `data`.
    public static func hash<D: DataProtocol>(data: D) -> SHA256Digest {
        fatalError("compile-only stub")
    }
}
