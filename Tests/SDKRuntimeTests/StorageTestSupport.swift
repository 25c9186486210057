import Foundation
import Synchronization

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
func bytes(_ text: String) -> Data { Data(text.utf8) }
