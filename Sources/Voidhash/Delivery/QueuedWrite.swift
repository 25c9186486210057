import Foundation
import SDKPersistence
import SDKRuntime
import VoidhashAPI

/// A write waiting in the delivery queue, with the identity epoch that made it.
///
/// Each kind has its lane: identity links go before purchases, purchases before attributes,
/// attributes before events.
enum QueuedWrite: Sendable, Hashable {
    /// Links an anonymous ID to an external user ID.
    case link(IdentifyRequest, epoch: String)
    /// Sets person attributes (`isProfile`: the built-in fields from `identify`, which need no
    /// analytics consent).
    case attributes(distinctId: String, attributes: [String: JSONValue], isProfile: Bool, epoch: String)
    /// Records a store purchase.
    case purchase(PurchaseRecord, epoch: String)
    /// An analytics event.
    case event(Event, epoch: String)

    /// The queue item kind of each case.
    enum Kind: String, Sendable {
        case link = "identify"
        case attributes = "attributes"
        case purchase = "purchase"
        case event = "event"

        /// The lane items of this kind wait in.
        var lane: DeliveryLane {
            switch self {
            case .link: .identityLinks
            case .purchase: .purchases
            case .attributes: .attributes
            case .event: .events
            }
        }
    }

    /// The kind stored with the item.
    var kind: Kind {
        switch self {
        case .link: .link
        case .attributes: .attributes
        case .purchase: .purchase
        case .event: .event
        }
    }

    /// The lane the item waits in.
    var lane: DeliveryLane { kind.lane }

    /// The built-in profile fields (`email`, `name`) the write sets: an attributes write's
    /// attributes, or the fields an identity link carries; none for other writes.
    var profileFields: [String: JSONValue] {
        switch self {
        case .link(let request, _):
            var fields: [String: JSONValue] = [:]
            if let email = request.email { fields["email"] = .string(email) }
            if let name = request.name { fields["name"] = .string(name) }
            return fields
        case .attributes(_, let attributes, _, _): return attributes
        case .purchase, .event: return [:]
        }
    }

    /// The identity epoch that made the write.
    var epoch: String {
        switch self {
        case .link(_, let epoch), .attributes(_, _, _, let epoch), .purchase(_, let epoch),
            .event(_, let epoch):
            epoch
        }
    }

    /// The item to enqueue, its payload written in one pass (only this SDK reads it back).
    func queueItem() throws -> NewQueueItem {
        let payload: Data =
            switch self {
            case .link(let request, let epoch):
                try JSONCoding.encodeInOnePass(LinkPayload(request: request, epoch: epoch))
            case .attributes(let distinctId, let attributes, let isProfile, let epoch):
                try JSONCoding.encodeInOnePass(
                    AttributesPayload(
                        distinctId: distinctId, attributes: attributes, isProfile: isProfile,
                        epoch: epoch))
            case .purchase(let record, let epoch):
                try JSONCoding.encodeInOnePass(PurchasePayload(record: record, epoch: epoch))
            case .event(let event, let epoch):
                try JSONCoding.encodeInOnePass(EventPayload(event: event, epoch: epoch))
            }
        return NewQueueItem(lane: lane, kind: kind.rawValue, payload: payload)
    }

    /// The write an item holds, or `nil` when its kind is unknown or its payload unreadable.
    init?(item: QueueItem) {
        let decoder = JSONCoding.decoder
        switch Kind(rawValue: item.kind) {
        case .link:
            guard let payload = try? decoder.decode(LinkPayload.self, from: item.payload) else {
                return nil
            }
            self = .link(payload.request, epoch: payload.epoch)
        case .attributes:
            guard let payload = try? decoder.decode(AttributesPayload.self, from: item.payload)
            else { return nil }
            self = .attributes(
                distinctId: payload.distinctId, attributes: payload.attributes,
                isProfile: payload.isProfile, epoch: payload.epoch)
        case .purchase:
            guard let payload = try? decoder.decode(PurchasePayload.self, from: item.payload) else {
                return nil
            }
            self = .purchase(payload.record, epoch: payload.epoch)
        case .event:
            guard let payload = try? decoder.decode(EventPayload.self, from: item.payload) else {
                return nil
            }
            self = .event(payload.event, epoch: payload.epoch)
        case nil:
            return nil
        }
    }

    /// What the write is, in words without personal data (for diagnostics).
    var summary: String {
        switch self {
        case .link: "an identity link"
        case .attributes(_, _, true, _): "the profile fields of identify"
        case .attributes: "person attributes"
        case .purchase: "a purchase"
        case .event: "an analytics event"
        }
    }
}

/// The stored form of `.link`.
private struct LinkPayload: Codable {
    var request: IdentifyRequest
    var epoch: String
}

/// The stored form of `.attributes`.
private struct AttributesPayload: Codable {
    var distinctId: String
    var attributes: [String: JSONValue]
    var isProfile: Bool
    var epoch: String
}

/// The stored form of `.purchase`.
private struct PurchasePayload: Codable {
    var record: PurchaseRecord
    var epoch: String
}

/// The stored form of `.event`.
private struct EventPayload: Codable {
    var event: Event
    var epoch: String
}
