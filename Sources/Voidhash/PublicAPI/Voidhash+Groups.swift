import SDKRuntime
import VoidhashAPI

extension Voidhash {
    /// Puts the user in the group `key` of `type` (a user is in one group of each type, so
    /// another key moves them) and, when `properties` are given, sets the group's properties.
    ///
    /// Every event captured after this returns carries the group in `$groups`. A
    /// `$groupidentify` is sent when `properties` are given or the group of that type changed:
    /// with analytics consent as a queued event; without, at once and alone, with only the
    /// group's type, key and properties. Never throws: an invalid type (``/VoidhashAPI/GroupTypeRule``) or key
    /// (``/VoidhashAPI/GroupKeyRule``), or a type beyond the project's limit (``/VoidhashAPI/VoidhashConstants/maxGroupTypes``),
    /// is ignored and reported through `onWarning`; a property that breaks
    /// ``/VoidhashAPI/GroupPropertyValueRule`` is left out with a warning. `name` is the
    /// group's display name.
    ///
    /// Before the device's first unlock after a restart, the call waits for the stored
    /// identity, in call order (see ``Voidhash``).
    public func group(type: String, key: String, properties: [String: JSONValue] = [:]) async {
        await inCallOrder { core in await core.group(type: type, key: key, properties: properties) }
    }

    /// Replaces the user's groups with `groups` (a type left out is dropped: the user leaves
    /// that group; an empty dictionary does what `resetGroups()` does).
    ///
    /// A `$groupidentify` is sent only for a group whose key changed or whose properties differ
    /// from those last sent for it (a property not sent yet, or sent with another value); the
    /// same groups again send and store nothing. Leaving a group sends nothing. An entry that
    /// breaks the rules of `group(type:key:properties:)` is ignored with a warning, as if left
    /// out. Entries are taken in type order, which decides which new type a project already
    /// at its limit of types (``/VoidhashAPI/VoidhashConstants/maxGroupTypes``) refuses.
    public func setGroups(_ groups: [String: VoidhashGroup]) async {
        await inCallOrder { core in await core.setGroups(groups) }
    }

    /// The user's groups, the key of each type, such as `["company": "acme"]`. Empty at once
    /// while the stored identity cannot be read yet (before the device's first unlock after a
    /// restart, whether or not the system announced that protected data is unavailable).
    public var groups: [String: String] {
        get async {
            if progress.core == nil {
                guard dataProtection.isAvailable, case .loaded = await progress.settled() else { return [:] }
            }
            return await readInCallOrder { core, asked in await core.currentGroups(askedAt: asked) }
        }
    }

    /// Takes the user out of every group: later events carry no `$groups`. Sends nothing.
    public func resetGroups() async {
        await inCallOrder { core in await core.resetGroups() }
    }

    /// Records the analytics event `event` with `properties`, stored on the device before this
    /// returns and sent in batches (`flush()` sends at once).
    ///
    /// The event gets a unique ID (UUIDv7), the time, the distinct ID and the session, and the
    /// user's groups as `$groups` (stamped now; a group the event names in its own `$groups`
    /// wins for its type). Needs analytics consent: without it nothing is recorded. Never
    /// throws: an invalid name drops the event, and an invalid property name, a value nested
    /// deeper than ``/VoidhashAPI/VoidhashConstants/maxEventPropertyDepth`` or a `$groups` entry that is not a
    /// group is left out, each reported through `onWarning`; a number that is not finite is
    /// sent as null.
    public func capture(_ event: String, properties: [String: JSONValue] = [:]) async {
        await inCallOrder { core in await core.capture(event, properties: properties) }
    }
}
