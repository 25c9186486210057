import Foundation
import SDKEmulator
import SDKRuntime
import Voidhash
import VoidhashAPI

extension SDKHarness {
    /// The events the emulator stored, in arrival order, without the `$groupidentify` ones.
    var capturedEvents: [Event] {
        state.events.filter { $0.event != VoidhashConstants.groupIdentifyEvent }
    }

    /// The `$groupidentify` events the emulator stored, in arrival order.
    var groupIdentifyEvents: [Event] {
        state.events.filter { $0.event == VoidhashConstants.groupIdentifyEvent }
    }

    /// The type, key and properties of every stored `$groupidentify`, in arrival order.
    var groupIdentifies: [GroupIdentifyProperties] {
        get throws { try groupIdentifyEvents.map { try $0.groupIdentify } }
    }

    /// The events of every request to the events route that no fault answered, in arrival
    /// order (an event sent twice appears twice).
    var eventsInAnsweredRequests: [Event] {
        get throws {
            try requests(.captureEvents).filter { $0.fault == nil }.flatMap { recorded in
                try JSONCoding.makeDecoder().decode(EventBatch.self, from: recorded.request.body).events
            }
        }
    }

    /// The warning codes reported so far.
    var warningCodes: [VoidhashWarning.Code] {
        warnings.all.map(\.code)
    }
}

extension Event {
    /// The `$groups` the event carries, or `nil` when it carries none.
    var groups: [String: String]? {
        guard case .object(let entries)? = properties[VoidhashConstants.groupsProperty] else { return nil }
        return entries.compactMapValues { value in
            if case .string(let key) = value { key } else { nil }
        }
    }

    /// The properties of a `$groupidentify`, read through the generated model.
    var groupIdentify: GroupIdentifyProperties {
        get throws {
            let data = try JSONCoding.makeEncoder().encode(properties)
            return try JSONCoding.makeDecoder().decode(GroupIdentifyProperties.self, from: data)
        }
    }
}

/// `GroupIdentifyProperties` with shorter labels, for expectations.
func identify(_ type: String, _ key: String, _ set: [String: JSONValue] = [:]) -> GroupIdentifyProperties {
    GroupIdentifyProperties(groupType: type, groupKey: key, groupSet: set)
}
