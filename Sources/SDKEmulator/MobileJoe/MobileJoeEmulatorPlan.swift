import MobileJoeAPI

/// A feature plan as the emulator is seeded with it; votes are counted by the emulator.
public struct MobileJoeEmulatorPlan: Sendable, Hashable {
    /// The plan's ID (what `POST /v1/feature-plans/{planId}/votes` names).
    public var id: String
    /// The plan's title.
    public var title: String
    /// Where it stands.
    public var status: FeaturePlanStatus
    /// Votes from users the emulator does not model, added to the votes it records.
    public var otherVotes: Int

    /// A plan with every part given.
    public init(id: String, title: String, status: FeaturePlanStatus = .open, otherVotes: Int = 0) {
        self.id = id
        self.title = title
        self.status = status
        self.otherVotes = otherVotes
    }
}
