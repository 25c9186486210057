import Foundation
import SDKPersistence
import SDKRuntime

/// Opens the SDK's storage without ever failing the app: it waits while protected data is
/// unavailable or the file exists but cannot be read for now (retrying every
/// `DataProtectionGate.unreadableRetryInterval`), saying so through a `LoadProgress`, and falls back to memory
/// (reported) when the directory cannot be used: to a copy of what the file holds when it can
/// still be read (a read-only volume), so that the identity and the queued work carry on, or to
/// empty storage when not even that works.
enum StorageOpener {
    /// The storage named `name` in `directory`, or in-memory storage when that cannot be opened.
    /// Should writes to the file fail later (a full disk), the storage moves to memory by itself
    /// and this reports it once. `progress` is `.opening` during each attempt and
    /// `.waitingForProtectedData` between attempts that found the file cannot be read for now.
    static func open(
        directory: URL, name: String, gate: DataProtectionGate, clock: any SDKClock,
        reporter: Reporter, progress: LoadProgress
    ) async -> SDKStorage {
        var reportedWaiting = false
        while true {
            await gate.waitUntilAvailable()
            progress.move(to: .opening)
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
                } else if storage.openReport.movedAsideIndex != nil {
                    reporter.diagnose(
                        .storageRecovered,
                        "The database's shared-memory index (-shm) was not a file; it was moved aside, "
                            + "and the database kept.")
                }
                return storage
            } catch .temporarilyUnavailable where !gate.isAvailable {
                progress.move(to: .waitingForProtectedData)
                continue
            } catch .temporarilyUnavailable {
                // The file exists but cannot be read for now (protected data before the first
                // unlock, which the gate may not have heard of): wait, never start afresh.
                progress.move(to: .waitingForProtectedData)
                if !reportedWaiting {
                    reportedWaiting = true
                    reporter.diagnose(
                        .storageUnavailable,
                        "The SDK's database cannot be read until the device is unlocked; calls wait for it.")
                }
                try? await clock.sleep(for: DataProtectionGate.unreadableRetryInterval)
                continue
            } catch {
                reporter.diagnose(
                    .storageUnavailable,
                    "The storage directory cannot be used (\(error)); state is kept in memory for this launch.")
            }
            do throws(StorageError) {
                return try SDKStorage.inMemoryCopy(directory: directory, name: name, gate: gate, clock: clock)
            } catch .temporarilyUnavailable where !gate.isAvailable {
                progress.move(to: .waitingForProtectedData)
                continue
            } catch {
                reporter.diagnose(.storageUnavailable, "In-memory storage failed too (\(error)); retrying.")
                try? await clock.sleep(for: .seconds(1))
            }
        }
    }
}
