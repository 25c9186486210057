import Foundation
import SDKRuntime

/// Opens the SDK's storage without ever failing the app: it waits while protected data is
/// unavailable, and falls back to memory (reported) when the directory cannot be used.
enum StorageOpener {
    /// The storage named `name` in `directory`, or in-memory storage when that cannot be opened.
    static func open(
        directory: URL, name: String, gate: DataProtectionGate, clock: any SDKClock,
        reporter: Reporter
    ) async -> SDKStorage {
        while true {
            await gate.waitUntilAvailable()
            do throws(StorageError) {
                let storage = try SDKStorage.open(
                    directory: directory, name: name, gate: gate, clock: clock)
                if !storage.openReport.movedAside.isEmpty {
                    reporter.diagnose(
                        .storageRecovered,
                        "The SDK's database could not be read; it was moved aside and a new one made.")
                }
                return storage
            } catch .temporarilyUnavailable where !gate.isAvailable {
                continue
            } catch {
                reporter.diagnose(
                    .storageUnavailable,
                    "The storage directory cannot be used (\(error)); state is kept in memory for this launch.")
            }
            do throws(StorageError) {
                return try SDKStorage.inMemory(clock: clock)
            } catch {
                reporter.diagnose(.storageUnavailable, "In-memory storage failed too (\(error)); retrying.")
                try? await clock.sleep(for: .seconds(1))
            }
        }
    }
}
