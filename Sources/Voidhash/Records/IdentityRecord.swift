import Foundation
import SDKHashing
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
    /// The built-in email field as this device last set it (through `identify` or the
    /// attributes), if any: what `identify` compares a new email with.
    var email: String?
    /// The built-in name field as this device last set it, if any.
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
            name: nil, epoch: IdentifierBody.randomUUID(), sessionId: UUIDv7.make().lowercasedText)
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
    /// Notes a queued write of person attributes: `email` and `name` set the built-in fields
    /// that `identify` compares a profile with, so a string is the field's new value and
    /// anything else (`null`, another kind) leaves it unknown (the next `identify` that names
    /// it sends it). Returns whether a field changed.
    mutating func noteWritten(_ attributes: [String: JSONValue]) -> Bool {
        func noted(_ key: String, _ field: inout String?) -> Bool {
            guard let value = attributes[key] else { return false }
            let next: String? = if case .string(let text) = value { text } else { nil }
            let same =
                switch (field, next) {
                case (nil, nil): true
                case (let old?, let new?): TextChecks.isIdentical(old, new)
                default: false
                }
            field = next
            return !same
        }
        let email = noted("email", &self.email)
        let name = noted("name", &self.name)
        return email || name
    }

    /// The fields of a profile `identify` names that differ from what this device last set,
    /// compared byte for byte as every profile comparison is (an email typed decomposed is
    /// another value to Voidhash); `nil` for a field not named or unchanged.
    func changedProfile(email: String?, name: String?) -> (email: String?, name: String?) {
        func changed(_ new: String?, from old: String?) -> String? {
            guard let new else { return nil }
            return old.map { TextChecks.isIdentical($0, new) } == true ? nil : new
        }
        return (changed(email, from: self.email), changed(name, from: self.name))
    }

    /// Notes that Voidhash refused a write of person attributes: a built-in field still holding
    /// the refused value is unknown again, so the next `identify` that names it sends it
    /// instead of taking it as unchanged. Returns whether a field changed.
    mutating func noteRefused(_ attributes: [String: JSONValue]) -> Bool {
        func forgot(_ key: String, _ field: inout String?) -> Bool {
            guard case .string(let refused)? = attributes[key], let current = field,
                TextChecks.isIdentical(current, refused)
            else { return false }
            field = nil
            return true
        }
        let email = forgot("email", &self.email)
        let name = forgot("name", &self.name)
        return email || name
    }
}

extension IdentityRecord {
    /// Decodes a stored identity. Who the user is (the distinct, anonymous and external IDs)
    /// must be readable; what can be made again is made again when it is missing or cannot be
    /// read, so that a record another version wrote (one stored before groups existed has
    /// none), or one damaged in those fields, does not sign the user out: an epoch and a session
    /// of their own, no groups, and the built-in profile fields unknown (the next `identify`
    /// that names them sends them).
    ///
    /// The epoch and session made again are derived from the IDs, not drawn at random: every
    /// read of the same stored record (this process's next check of shared storage, another
    /// process launching on it) gets the same record, so none of them takes it for an identity
    /// change.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        distinctId = try container.decode(String.self, forKey: .distinctId)
        anonymousId = try container.decode(String.self, forKey: .anonymousId)
        externalUserId = try container.decodeIfPresent(String.self, forKey: .externalUserId)
        email = (try? container.decodeIfPresent(String.self, forKey: .email)) ?? nil
        name = (try? container.decodeIfPresent(String.self, forKey: .name)) ?? nil
        let ids = [distinctId, anonymousId, externalUserId ?? ""]
        epoch = (try? container.decodeIfPresent(String.self, forKey: .epoch)) ?? Self.remade("epoch", from: ids)
        sessionId =
            (try? container.decodeIfPresent(String.self, forKey: .sessionId)) ?? Self.remade("session", from: ids)
        groups = (try? container.decodeIfPresent(GroupMembership.self, forKey: .groups)) ?? .none
    }

    /// A UUID-shaped value for `purpose` derived from `ids` (the first 32 hex digits of the
    /// SHA-256 of them), the same at every read.
    private static func remade(_ purpose: String, from ids: [String]) -> String {
        let hex = Array(SHA256Hash.hex(of: Data(([purpose] + ids).joined(separator: "\n").utf8)).prefix(32))
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }.joined(separator: "-")
    }
}

/// The install, recorded once at the first launch; survives sign-out and reset.
struct InstallRecord: Codable, Sendable, Hashable {
    /// A random ID of this install.
    var installId: String
    /// When the SDK first ran on this install.
    var firstLaunchAt: Date
}
