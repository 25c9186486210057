/// The APIs the emulator serves.
public enum EmulatedAPI: String, Sendable, Hashable, CaseIterable {
    /// The Voidhash API, with the default catalog.
    case voidhash
    /// The Mobile Joe API, with sample content.
    case mobilejoe

    /// A fresh server for this API.
    public func makeServer() throws(RouterError) -> EmulatorServer {
        switch self {
        case .voidhash: VoidhashEmulator.makeServer()
        case .mobilejoe: try MobileJoeEmulator.makeServer(state: .withSampleContent())
        }
    }
}
