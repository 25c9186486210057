/// Thrown by a write of the identity that was not stored because another process on the same
/// storage (an app and its extension) changed the stored identity after this instance last
/// read it: the call reads what that process stored and decides again (see
/// `VoidhashCore.onStoredIdentity(_:)`).
struct IdentityChangedElsewhere: Error {}
