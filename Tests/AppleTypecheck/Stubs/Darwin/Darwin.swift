// Compile-only stand-in for Apple's `Darwin` module, for `.ci/apple-typecheck`: the POSIX calls
// both platforms share come from Glibc; the Darwin-only calls the SDKs use are declared here as
// Apple documents them. Nothing here runs.
@_exported import Glibc

/// `sysctlbyname(3)`: reads (and optionally sets) the system value named `name`.
///
/// Declared in `<sys/sysctl.h>` as
/// `int sysctlbyname(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen)`.
public func sysctlbyname(
    _ name: UnsafePointer<CChar>!, _ oldp: UnsafeMutableRawPointer!, _ oldlenp: UnsafeMutablePointer<Int>!,
    _ newp: UnsafeMutableRawPointer!, _ newlen: Int
) -> Int32 {
    fatalError("compile-only stub")
}

/// `F_FULLFSYNC`: the `fcntl(2)` command that flushes a file's data to the drive and asks the
/// drive to write its cache to permanent storage (`#define F_FULLFSYNC 51` in `<sys/fcntl.h>`).
public var F_FULLFSYNC: Int32 { 51 }

extension stat {
    /// The time of the last change to the file's data: Darwin's name for the field Glibc calls
    /// `st_mtim` (`struct timespec st_mtimespec` in `<sys/stat.h>`).
    public var st_mtimespec: timespec { fatalError("compile-only stub") }
}
