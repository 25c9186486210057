import Foundation
import Synchronization

@testable import SDKPersistence
@testable import SDKRuntime

/// A directory under the system temporary directory, removed when the value goes away.
final class StorageTestDirectory: Sendable {
    /// The directory (not created: opening storage creates it).
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("sdkruntime-storage-\(UUID().uuidString)")
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The database file `SDKStorage.open` uses for `name`.
    func databaseURL(name: String = "test") -> URL {
        url.appendingPathComponent(name + ".sqlite")
    }

    /// Opens the storage named `name` in this directory.
    func open(
        name: String = "test", gate: DataProtectionGate = DataProtectionGate(),
        clock: StorageTestClock = StorageTestClock()
    ) throws -> SDKStorage {
        try SDKStorage.open(directory: url, name: name, gate: gate, clock: clock)
    }

    /// The names of the files in the directory, sorted.
    func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}

/// A clock for storage tests whose date only changes when a test sets or advances it.
/// (Sleeping is not needed here: nothing in storage waits.)
final class StorageTestClock: SDKClock, Sendable {
    private let date: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        date = Mutex(start)
    }

    func now() -> Date { date.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        date.withLock { $0 += seconds }
    }

    func sleep(for duration: Duration) async throws {
        advance(by: Double(duration.components.seconds))
    }
}

/// The permission bits (`0o777` part of the mode) of the file at `url`.
func permissionBits(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// UTF-8 bytes of `text`, for payloads.
func payloadBytes(_ text: String) -> Data { Data(text.utf8) }

/// A value shared between a test and the closures it hands out.
final class StorageTestBox<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    init(_ initial: Value) { value = Mutex(initial) }

    var current: Value { value.withLock { $0 } }

    func update<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        value.withLock { body(&$0) }
    }
}

/// Records every batch a pump sends and answers with `respond`.
final class RecordingBatchSender: Sendable {
    private let batches = StorageTestBox<[[QueueItem]]>([])
    private let respond: @Sendable ([QueueItem], Int) async -> DeliveryOutcome

    /// `respond` gets the batch and its number (from 0).
    init(
        respond: @escaping @Sendable ([QueueItem], Int) async -> DeliveryOutcome = { _, _ in .delivered
        }
    ) {
        self.respond = respond
    }

    /// The batches sent so far, as IDs.
    var sent: [[QueueItemID]] { batches.current.map { $0.map(\.id) } }

    /// Records `batch` and answers as `respond` says; never settles an item on its own.
    func send(_ batch: [QueueItem], _ settle: DeliveryPump.Settle) async -> DeliveryOutcome {
        let number = batches.update { batches in
            batches.append(batch)
            return batches.count - 1
        }
        return await respond(batch, number)
    }
}
