import Foundation
import SDKRuntime
import VoidhashAPI

extension VoidhashStore {
    /// Sets attributes on the person `distinctId` stands for (created if needed): `email` and
    /// `name` set the built-in fields, `null` removes an attribute. Checked in full before
    /// anything is saved.
    mutating func setAttributes(_ update: AttributesUpdate, for distinctId: String, now: Date)
        throws(VoidhashEmulatorError) -> Person
    {
        try Self.checkDistinctId(distinctId)
        if let violation = PersonAttributesRule.validate(update.attributes) {
            throw .invalidArgument("attributes \(violation.message).")
        }
        for field in ["email", "name"] {
            switch update.attributes[field] {
            case nil, .null?, .string?: continue
            default: throw .invalidArgument("\(field) must be a string or null.")
            }
        }
        let owner = owner(of: distinctId)
        guard rejections.attributeDistinctIds.isDisjoint(with: [distinctId, owner]) else {
            throw .personWriteRejected("Voidhash refused attribute changes for this person.")
        }
        var person = personOrNew(owner)
        for (key, value) in update.attributes {
            let value = AttributeValueRule.normalized(value)
            let text: String? = if case .string(let text) = value { text } else { nil }
            switch key {
            case "email": person.email = text
            case "name": person.name = text
            default:
                // Not `value == .null ? nil : value`: JSONValue is nil-literal expressible.
                if value == .null {
                    person.attributes.removeValue(forKey: key)
                } else {
                    person.attributes[key] = value
                }
            }
        }
        people[owner] = person
        return person.snapshot(requestedId: distinctId, now: now)
    }
}
