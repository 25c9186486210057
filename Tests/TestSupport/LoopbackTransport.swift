import SDKRuntime

/// A transport for an SDK under test that talks to an emulator on loopback.
///
/// Its time limits run on a clock nobody moves, so a request ends with an answer, a dropped
/// connection, or Foundation's idle backstop (a minute of silence past the limit), never because
/// the machine is busy. On the real clock a request's 10-second limit
/// raced the test: under the thread sanitizer with the other core loaded, a held or slow loopback
/// answer came after it, delivery backed off on the SDK's manual clock, and tests that expected
/// the request to be answered failed. Tests about a request's own time limit give the transport
/// a clock of their own and move it.
public func loopbackTransport() -> URLSessionTransport {
    URLSessionTransport(clock: ManualClock())
}
