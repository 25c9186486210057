import MobileJoeAPI

/// How the stored identity changes, as pure functions of the current one.
extension IdentityFile {
    /// A new anonymous identity: new anonymous and device IDs, no external ID.
    static func makeAnonymous() -> IdentityFile {
        IdentityFile(anonymousId: AnonymousId.make(), deviceId: DeviceId.make())
    }

    /// The identity after identifying with the account whose external ID is `externalId`, or
    /// `nil` when nothing changes.
    ///
    /// - The same account again changes nothing.
    /// - The first identification keeps the anonymous and device IDs, so what was done before
    ///   sign-in carries over to the account.
    /// - A different account logs out first: new anonymous and device IDs, then the external ID.
    func identified(as externalId: String) -> IdentityFile? {
        switch self.externalId {
        case externalId:
            return nil
        case nil:
            var next = self
            next.externalId = externalId
            return next
        default:
            var next = IdentityFile.makeAnonymous()
            next.externalId = externalId
            return next
        }
    }

    /// Whether every member is a valid identifier of its kind.
    var isValid: Bool {
        AnonymousId.isValid(anonymousId) && DeviceId.isValid(deviceId)
            && (externalId.map(ExternalId.isValid) ?? true)
    }
}
