import Foundation

/// One identity an identify request announced, in the order they arrived.
public struct MobileJoeRecordedIdentity: Sendable, Hashable {
    /// The `Identity-Anonymous-ID` header.
    public var anonymousId: String
    /// The `Identity-Device-ID` header.
    public var deviceId: String
    /// The `Identity-External-ID` header, when sent.
    public var externalId: String?
    /// When the emulator received it.
    public var identifiedAt: Date

    /// A recorded identity with every part given.
    public init(anonymousId: String, deviceId: String, externalId: String?, identifiedAt: Date) {
        self.anonymousId = anonymousId
        self.deviceId = deviceId
        self.externalId = externalId
        self.identifiedAt = identifiedAt
    }
}
