#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe whose read end becomes readable when `signal()` is called: how `stop()` wakes the
/// accept loop out of `poll()`.
struct WakePipe: Sendable {
    /// The end the accept loop polls.
    let readEnd: Int32
    /// The end `signal()` writes to.
    let writeEnd: Int32

    /// Opens the pipe.
    init() throws(EmulatorServerError) {
        guard let ends = POSIX.makePipe() else {
            throw .socket(operation: "pipe", errorNumber: POSIX.errorNumber)
        }
        readEnd = ends.readEnd
        writeEnd = ends.writeEnd
    }

    /// Makes the read end readable.
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Closes both ends.
    func close() {
        POSIX.closeDescriptor(readEnd)
        POSIX.closeDescriptor(writeEnd)
    }
}
