import Foundation
import SDKRuntime
import VoidhashAPI

extension VoidhashCore {
    /// Sets person attributes (see `Voidhash.setPersonAttributesState`): they are queued now;
    /// what is left is the wait for Voidhash to confirm them.
    func setAttributes(_ attributes: [String: JSONValue]) -> CallStep<VoidhashAttributesResult> {
        followSharedStorage()
        if let violation = PersonAttributesRule.validate(attributes) {
            return .failure(.invalidArgument("The attributes are invalid: the dictionary \(violation.message)."))
        }
        guard consent.allowsAnalytics else {
            return .answer(VoidhashAttributesResult(status: .skipped, person: person))
        }
        guard !attributes.isEmpty else { return .answer(VoidhashAttributesResult(status: .confirmed, person: person)) }
        guard
            let id = enqueue(
                .attributes(
                    distinctId: identity.distinctId,
                    attributes: attributes.mapValues(AttributeValueRule.normalized), isProfile: false,
                    epoch: identity.epoch))
        else { return .answer(VoidhashAttributesResult(status: .deferred, person: person)) }
        let epoch = identity.epoch
        onStoredIdentity { () throws(IdentityChangedElsewhere) in
            if identity.epoch == epoch, identity.noteWritten(attributes) { try storeIdentity(identity) }
        }
        let wait = awaitOutcome(of: id, kind: .attributes)
        return .waiting {
            let outcome = await wait(VoidhashConstants.attributesWait)
            let person = await self.person
            switch outcome {
            case .delivered?:
                return .success(VoidhashAttributesResult(status: .confirmed, person: person))
            case .rejected(let code, let message)?:
                return .failure(VoidhashError(code: VoidhashError.Code(rawValue: code), message: message))
            case .failedForNow?, nil:
                return .success(VoidhashAttributesResult(status: .deferred, person: person))
            }
        }
    }
}
