import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Darwin)
    /// `SOCK_STREAM` as `socket` and `socketpair` take it (an `Int32` on Apple platforms).
    public let streamSocketType: Int32 = SOCK_STREAM
#else
    /// `SOCK_STREAM` as `socket` and `socketpair` take it (an enum of Glibc's on Linux).
    public let streamSocketType = Int32(SOCK_STREAM.rawValue)
#endif

/// The environment of a child `posix_spawn` starts: this process's, with `overrides` set over
/// it (`environ` itself is not declared on Apple platforms). The caller frees every entry.
public func spawnEnvironment(_ overrides: [String: String] = [:]) -> [UnsafeMutablePointer<CChar>?] {
    var variables = ProcessInfo.processInfo.environment
    variables.merge(overrides) { _, given in given }
    return variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
}
