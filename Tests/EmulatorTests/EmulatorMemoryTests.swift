import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The emulator's memory stays bounded under traffic that would grow an unbounded request log,
/// measured on the `sdk-emulator` process itself (its resident set, from `/proc`).
@Suite("Emulator memory", .timeLimit(.minutes(2)))
struct EmulatorMemoryTests {
    private static let megabyte = 1024 * 1024

    #if os(Linux)
        /// Whether this test process, and so the emulator built beside it, runs under the thread
        /// sanitizer, whose shadow memory is resident too: the figures would measure the tool.
        private static let underThreadSanitizer: Bool = {
            guard let handle = dlopen(nil, RTLD_NOW) else { return false }
            return dlsym(handle, "__tsan_init") != nil
        }()
    #endif

    #if os(Linux)
        @Test(
            "1,200 requests of 1 MiB and 1,200 of 60 KiB: under 200 MB resident at the peak, under 100 MB once the log is cleared",
            .enabled(if: EmulatorProcess.executable != nil, "sdk-emulator is not built"),
            .disabled(if: underThreadSanitizer, "the thread sanitizer's shadow memory is resident too"))
        func requestLogMemoryIsBounded() async throws {
            try await EmulatorProcess.with { emulator in
                let port = UInt16(try #require(emulator.url?.port))
                let statuses = try await offPool { () -> Set<Int> in
                    let client = try RawClient(port: port, timeout: .seconds(30))
                    var statuses = Set<Int>()
                    for (count, size) in [(1_200, Self.megabyte), (1_200, 60 * 1024)] {
                        let body = String(repeating: "m", count: size)
                        for index in 0..<count {
                            client.write(rawRequest("POST", "/v1/events/\(index)", body: body))
                            statuses.insert(try client.readResponse().status)
                        }
                    }
                    return statuses
                }
                #expect(!statuses.contains(413))
                let peak = try emulator.memory("VmHWM")
                #expect(peak < 200 * Self.megabyte, "peak resident: \(peak / Self.megabyte) MB")

                let url = try #require(emulator.url)
                #expect(try await fetch(url, "/_admin/requests", method: "DELETE").status == 204)
                let resident = try emulator.memory("VmRSS")
                #expect(resident < 100 * Self.megabyte, "resident after clearing: \(resident / Self.megabyte) MB")
            }
        }
    #endif
}
