import Foundation
import SDKRuntime
import VoidhashAPI

extension VoidhashCore {
    /// Sets person attributes (see `Voidhash.setPersonAttributesState`).
    func setAttributes(
        _ attributes: [String: JSONValue]
    ) async throws(VoidhashError) -> VoidhashAttributesResult {
        if let violation = PersonAttributesRule.validate(attributes) {
            throw .invalidArgument("The attributes are invalid: the dictionary \(violation.message).")
        }
        guard consent == .granted else { return VoidhashAttributesResult(status: .skipped, person: person) }
        guard !attributes.isEmpty else { return VoidhashAttributesResult(status: .confirmed, person: person) }
        guard
            let id = enqueue(
                .attributes(
                    distinctId: identity.distinctId,
                    attributes: attributes.mapValues(AttributeValueRule.normalized), isProfile: false,
                    epoch: identity.epoch))
        else { return VoidhashAttributesResult(status: .deferred, person: person) }
        let wait = OutcomeWait<ItemOutcome>()
        itemWaits[id] = wait
        kickDelivery()
        let outcome = await wait.outcome(within: VoidhashConstants.attributesWait, clock: clock)
        itemWaits[id] = nil
        switch outcome {
        case .delivered?:
            return VoidhashAttributesResult(status: .confirmed, person: person)
        case .rejected(let code, let message)?:
            throw VoidhashError(code: VoidhashError.Code(rawValue: code), message: message)
        case .failedForNow?, nil:
            return VoidhashAttributesResult(status: .deferred, person: person)
        }
    }
}
