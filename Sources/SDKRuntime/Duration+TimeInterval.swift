import Foundation

extension Duration {
    /// The duration in seconds, as a `TimeInterval` (precision finer than a `Double` is lost):
    /// how the SDKs and generated code turn a contract's durations into dates and timeouts.
    public var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
