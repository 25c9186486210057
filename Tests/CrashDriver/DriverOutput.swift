import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes the driver's log lines to standard output, one `write(2)` per line and unbuffered, so
/// a line the harness reads was written before any kill that came after it.
enum DriverOutput {
    /// Writes `line` and a newline in one system call (lines are far below `PIPE_BUF`, so lines
    /// written from several threads never interleave).
    static func line(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            guard written > 0 else {
                if written < 0, errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
