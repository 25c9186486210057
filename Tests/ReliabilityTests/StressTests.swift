import Testing

/// The suites that load the machine (driver processes, a thousand tasks): one at a time, so
/// they do not pile up on top of each other.
@Suite("Reliability under stress", .serialized, .timeLimit(.minutes(15)))
struct StressTests {}
