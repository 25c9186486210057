// Temporary stand-in until the pattern branch merges (removed then).
public struct PatternAutomaton: Hashable, Sendable {
    public struct Transition: Hashable, Sendable {
        public var ranges: [ClosedRange<UInt32>]
        public var target: Int
    }
    public struct State: Hashable, Sendable {
        public var isAccepting: Bool
        public var transitions: [Transition]
    }
    public var states: [State]
}
public struct PatternError: Error, Hashable, Sendable {
    public var message: String
    public var column: Int
}
public enum PatternCompiler {
    public static func compile(_ pattern: String) throws(PatternError) -> PatternAutomaton {
        PatternAutomaton(states: [.init(isAccepting: true, transitions: [])])
    }
}
