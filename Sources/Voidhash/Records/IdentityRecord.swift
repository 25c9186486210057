import Foundation
import SDKRuntime
import VoidhashAPI

/// Who the device is now, as stored.
///
/// `epoch` changes at every identity switch; every request carries the epoch that started it,
/// and its answer is applied only while the epoch is still current. The user's groups are
/// stored with the identity: `identify` keeps them, a new anonymous identity starts without.
struct IdentityRecord: Codable, Sendable, Hashable {
    /// The distinct ID requests use: the anonymous ID, or the external user ID.
    var distinctId: String
    /// The anonymous ID this identity started from.
    var anonymousId: String
    /// The external user ID when identified; `nil` while anonymous.
    var externalUserId: String?
    /// The email given to `identify`, if any.
    var email: String?
    /// The name given to `identify`, if any.
    var name: String?
    /// Changes at every identity switch.
    var epoch: String
    /// The analytics session, renewed with every new anonymous identity.
    var sessionId: String
    /// The user's groups.
    var groups: GroupMembership = .none

    /// Whether the identity is anonymous.
    var isAnonymous: Bool { externalUserId == nil }

    /// A new anonymous identity with a new session.
    static func newAnonymous() -> IdentityRecord {
        let anonymousId = AnonymousDistinctId.make()
        return IdentityRecord(
            distinctId: anonymousId, anonymousId: anonymousId, externalUserId: nil, email: nil,
            name: nil, epoch: IdentifierBody.randomUUID(), sessionId: UUIDv7.make().uuidString.lowercased())
    }

    /// This identity signed in as `externalUserId`, under a new epoch, same session and groups.
    func identified(as externalUserId: String, email: String?, name: String?) -> IdentityRecord {
        IdentityRecord(
            distinctId: externalUserId, anonymousId: anonymousId, externalUserId: externalUserId,
            email: email, name: name, epoch: IdentifierBody.randomUUID(), sessionId: sessionId,
            groups: groups)
    }
}

extension IdentityRecord {
    /// Decodes a stored identity; one stored before groups existed has none.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        distinctId = try container.decode(String.self, forKey: .distinctId)
        anonymousId = try container.decode(String.self, forKey: .anonymousId)
        externalUserId = try container.decodeIfPresent(String.self, forKey: .externalUserId)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        epoch = try container.decode(String.self, forKey: .epoch)
        sessionId = try container.decode(String.self, forKey: .sessionId)
        groups = try container.decodeIfPresent(GroupMembership.self, forKey: .groups) ?? .none
    }
}

/// The install, recorded once at the first launch; survives sign-out and reset.
struct InstallRecord: Codable, Sendable, Hashable {
    /// A random ID of this install.
    var installId: String
    /// When the SDK first ran on this install.
    var firstLaunchAt: Date
}
