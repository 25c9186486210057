import Foundation
import SDKRuntime
import VoidhashAPI

extension VoidhashEmulatorState {
    /// The properties of the group `key` of `type`, as the stored `$groupidentify` events set
    /// them: each event's `$group_set` over the earlier ones, in the order the events happened
    /// (their timestamps; arrival order between equal ones), so a later change of a property
    /// wins however late it arrived. `nil` when no `$groupidentify` named the group.
    public func groupProperties(type: String, key: String) -> [String: JSONValue]? {
        let decoder = JSONCoding.decoder
        let encoder = JSONCoding.encoder
        let identifies = events.enumerated().compactMap { index, event -> (Date, Int, GroupIdentifyProperties)? in
            guard event.event == VoidhashConstants.groupIdentifyEvent,
                let data = try? encoder.encode(event.properties),
                let identify = try? decoder.decode(GroupIdentifyProperties.self, from: data),
                identify.groupType == type, identify.groupKey == key
            else { return nil }
            return (event.timestamp, index, identify)
        }
        guard !identifies.isEmpty else { return nil }
        return identifies.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.reduce(into: [:]) { properties, entry in
            properties.merge(entry.2.groupSet) { $1 }
        }
    }
}
