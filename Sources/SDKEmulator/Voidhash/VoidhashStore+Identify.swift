import Foundation
import VoidhashAPI

extension VoidhashStore {
    /// Applies an identity link (see the contract in `VoidhashEmulator`'s documentation):
    /// `linked` merges the anonymous person into the identified one, `already_linked` changes
    /// nothing but the given profile fields, `anonymous_id_claimed` leaves the anonymous history
    /// with the person who claimed it. The identified person is created if needed.
    mutating func identify(_ request: IdentifyRequest, now: Date) throws(VoidhashEmulatorError) -> IdentifyResponse {
        if let violation = ExternalUserIdRule.validate(request.externalUserId) {
            throw .invalidArgument("externalUserId \(violation.message).")
        }
        guard AnonymousDistinctId.isValid(request.anonymousId) else {
            throw .invalidArgument("anonymousId is not an anonymous distinct ID (vh_anon_<uuid>).")
        }
        let userId = request.externalUserId
        guard !rejections.userIds.contains(userId) else {
            throw .personWriteRejected("Voidhash refused changes to this person.")
        }
        var person = personOrNew(userId)
        let outcome: IdentifyOutcome
        if let owner = links[request.anonymousId] {
            outcome = owner == userId ? .alreadyLinked : .anonymousIdClaimed
        } else {
            if let anonymous = people.removeValue(forKey: request.anonymousId) {
                person.absorb(anonymous)
            }
            links[request.anonymousId] = userId
            outcome = .linked
        }
        if let email = request.email { person.email = email }
        if let name = request.name { person.name = name }
        people[userId] = person
        return IdentifyResponse(outcome: outcome, person: person.snapshot(requestedId: userId, now: now))
    }

    /// The snapshot of the person `distinctId` stands for (following its link), or
    /// `404 PERSON_NOT_FOUND`.
    func person(_ distinctId: String, now: Date) throws(VoidhashEmulatorError) -> Person {
        guard let person = people[owner(of: distinctId)] else {
            throw .personNotFound("Voidhash has no person for this distinct ID yet.")
        }
        return person.snapshot(requestedId: distinctId, now: now)
    }
}
