import Foundation
import SDKPersistence
import SDKRuntime

/// Opens the SDK's storage without ever failing the app: it waits while protected data is
/// unavailable, and falls back to memory (reported) when the directory cannot be used: to a copy
/// of what the file holds when it can still be read (a read-only volume), so that the identity
/// and the queued work carry on, or to empty storage when not even that works.
enum StorageOpener {
    /// The storage named `name` in `directory`, or in-memory storage when that cannot be opened.
    /// Should writes to the file fail later (a full disk), the storage moves to memory by itself
    /// and this reports it once.
    static func open(
        directory: URL, name: String, gate: DataProtectionGate, clock: any SDKClock,
        reporter: Reporter
    ) async -> SDKStorage {
        while true {
            await gate.waitUntilAvailable()
            do throws(StorageError) {
                let storage = try SDKStorage.open(
                    directory: directory, name: name, gate: gate, clock: clock
                ) { failure in
                    reporter.diagnose(
                        .storageUnavailable,
                        "Writing to the SDK's storage failed (\(failure)); what was stored stays on the device, "
                            + "and later changes are kept in memory for this launch only.")
                }
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
                return try SDKStorage.inMemoryCopy(directory: directory, name: name, gate: gate, clock: clock)
            } catch .temporarilyUnavailable where !gate.isAvailable {
                continue
            } catch {
                reporter.diagnose(.storageUnavailable, "In-memory storage failed too (\(error)); retrying.")
                try? await clock.sleep(for: .seconds(1))
            }
        }
    }
}
