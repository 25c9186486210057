/// When queued analytics events are sent without a `flush()`: as soon as this many wait, or
/// once the first of them has waited this long (on the SDK's clock); and with any other
/// delivery.
enum EventDelivery {
    /// Queued events that start a delivery at once.
    static let batchSize = 20
    /// The longest a queued event waits for a delivery.
    static let interval: Duration = .seconds(30)
}
