// Compile-only stand-in for the StoreKit 2 API the SDKs use, for `.ci/apple-typecheck`, declared
// as Apple documents it. Nothing here runs.
import Foundation

/// The result of StoreKit's verification of a signed value.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public enum VerificationResult<SignedType: Sendable>: Sendable {
    /// The value failed verification, and why.
    case unverified(SignedType, VerificationError)
    /// The value passed verification.
    case verified(SignedType)

    /// Why a value failed verification.
    public enum VerificationError: Error, Sendable {
        /// The signature is not valid.
        case invalidSignature
        /// The certificate chain is not valid.
        case invalidCertificateChain
        /// The value was signed for another device.
        case invalidDeviceVerification
    }
}

/// A signed transaction of an in-app purchase.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public struct Transaction: Sendable, Hashable, Identifiable {
    /// The transaction's unique identifier.
    public let id: UInt64
    /// The identifier of the product purchased.
    public let productID: String
    /// When the App Store charged the user.
    public let purchaseDate: Date
    /// When the App Store refunded or revoked the transaction, if it did.
    public let revocationDate: Date?
    /// The server environment that generated the transaction.
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
    public var environment: AppStore.Environment { fatalError("compile-only stub") }

    /// An asynchronous sequence of verification results of transactions.
    public struct Transactions: AsyncSequence, Sendable {
        /// Each element is a transaction with its verification result.
        public typealias Element = VerificationResult<Transaction>

        /// Iterates the transactions.
        public struct AsyncIterator: AsyncIteratorProtocol {
            /// The next transaction, or `nil` at the end.
            public mutating func next() async -> Element? { fatalError("compile-only stub") }
        }

        /// An iterator over the sequence.
        public func makeAsyncIterator() -> AsyncIterator { fatalError("compile-only stub") }
    }

    /// The latest transaction of each product the user is entitled to now.
    public static var currentEntitlements: Transactions { fatalError("compile-only stub") }
    /// Every transaction of the user, revoked and refunded ones included.
    public static var all: Transactions { fatalError("compile-only stub") }
}

/// The App Store.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public enum AppStore {
    /// Syncs the user's transactions with the App Store; may ask the user to authenticate.
    /// Throws `StoreKitError.userCancelled` when the user cancels.
    public static func sync() async throws { fatalError("compile-only stub") }

    /// The App Store server environment of a transaction.
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
    public struct Environment: RawRepresentable, Sendable, Hashable {
        /// The environment's name.
        public let rawValue: String
        /// An environment of the given name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The production App Store.
        public static let production = Environment(rawValue: "Production")
        /// The sandbox (TestFlight, sandbox testers).
        public static let sandbox = Environment(rawValue: "Sandbox")
        /// StoreKit testing in Xcode.
        public static let xcode = Environment(rawValue: "Xcode")
    }
}

/// Errors StoreKit throws.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public enum StoreKitError: Error, Sendable {
    /// An unknown error.
    case unknown
    /// The user cancelled.
    case userCancelled
    /// The network failed.
    case networkError(URLError)
    /// A system error.
    case systemError(any Error)
    /// The product is not available in the storefront.
    case notAvailableInStorefront
    /// The app is not entitled to the API.
    case notEntitled
    /// The operation is not supported.
    case unsupported
}
