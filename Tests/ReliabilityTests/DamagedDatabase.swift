import Foundation
import SDKEmulator
import Voidhash

/// A database file the SDK cannot use, as a test puts it in place of its own.
enum DamagedDatabase: String, CaseIterable, Sendable {
    /// Bytes that are not SQLite at all.
    case garbage
    /// The SDK's own database, with queued work, cut in half (a torn copy, a bad sector).
    case truncated
    /// A valid SQLite database of another program.
    case foreign
    /// The SDK's database from a newer version (a downgrade).
    case newerSchema

    /// Puts the damaged file at `url`; `harness` makes the real database `truncated` starts from.
    func write(to url: URL, harness: VoidhashHarness) async throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        switch self {
        case .garbage:
            try Data(String(repeating: "not a database ", count: 500).utf8).write(to: url)
        case .truncated:
            harness.server.inject(.status(503, code: "INTERNAL", retryAfter: nil))
            let voidhash = try harness.launch()
            harness.store.purchase(productId: "pro_monthly")
            _ = try await voidhash.syncPurchases()
            await voidhash.shutdown()
            harness.server.clearFaults()
            let bytes = try Data(contentsOf: url)
            try bytes.prefix(bytes.count / 2).write(to: url)
        case .foreign:
            ForeignDatabase.create(
                at: url, sql: "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('someone else''s data');")
        case .newerSchema:
            ForeignDatabase.create(
                at: url,
                sql: "PRAGMA application_id = 1396984657; PRAGMA user_version = 99; CREATE TABLE future (x);")
        }
    }
}
