import Foundation
import SDKRuntime

/// The durable outbox: every write the app hands over is stored here before it is sent.
///
/// Each call is one transaction, committed before it returns (and synced to disk, except for
/// the lanes whose `isSyncedToDisk` is `false`: attributes and events). Items are read in
/// delivery order (lane, then the order they were stored in) and only ever removed by ID, so an
/// item enqueued while a batch is being sent is never removed by that batch's confirmation.
///
/// Each item has a position in the table, increasing in the order items are stored. The indexes
/// (by ID, and by lane and position) leave the events lane out, so storing an event writes one
/// page of the table, not three; an event is found by the position its ID carries when the ID
/// came from this queue (`enqueue`, `nextBatch`), and otherwise by reading the table through.
public final class DeliveryQueue: Sendable {
    /// The database the queue lives in.
    let database: StorageDatabase
    /// Makes the IDs of new items: version 7 UUIDs in lower case, so they sort by time of enqueue.
    private let ids: UUIDv7Generator

    /// The columns an item is read from, in the order `item(_:)` reads them.
    private static let columns = "id, lane, kind, payload, attempts, last_error, created_at"
    private static let pausedUntilName = "paused_until"
    /// `StorageSchema.indexedLanes`: the lanes the indexes cover.
    private static let indexed = StorageSchema.indexedLanes

    /// A queue over `database`, whose new IDs sort after the latest item's, every indexed item's
    /// and every quarantined one's (an event stored earlier by another process may hold a later
    /// ID: order is kept by position, and the IDs' random part keeps them apart).
    init(database: StorageDatabase) throws(StorageError) {
        self.database = database
        let greatest = try database.access { (connection) throws(StorageError) -> String? in
            let latest = try connection.query("SELECT id FROM outbox ORDER BY position DESC LIMIT 1").first?
                .optionalText(0)
            let indexed = try connection.query("SELECT max(id) FROM outbox WHERE \(Self.indexed)").first?
                .optionalText(0)
            let quarantine = try connection.query("SELECT max(id) FROM quarantine").first?
                .optionalText(0)
            return [latest, indexed, quarantine].compactMap { $0 }.max()
        }
        ids = UUIDv7Generator(after: greatest.flatMap { UUID(uuidString: $0) })
    }

    /// Stores one item and returns its new ID; the item is committed when this returns, and
    /// synced to disk when `lane.isSyncedToDisk`.
    @discardableResult
    public func enqueue(
        lane: DeliveryLane, kind: String, payload: Data, now: Date
    ) throws(StorageError) -> QueueItemID {
        try database.transaction(synced: lane.isSyncedToDisk) {
            (connection) throws(StorageError) -> QueueItemID in
            try insert(NewQueueItem(lane: lane, kind: kind, payload: payload), now: now, connection)
        }
    }

    /// Stores one item as `enqueue(lane:kind:payload:now:)` does, but only while no other
    /// connection has committed since `KeyValueStore.otherWritersVersion()` returned `version`.
    /// The check runs inside the item's transaction, under the write lock, so nothing another
    /// process commits can come between it and the item, and it costs no lock of its own: a
    /// caller that would otherwise read the version before every write saves that read.
    ///
    /// - Returns: the new item's ID, or `nil` when another connection has committed since then;
    ///   nothing is stored, and the caller reads what changed and decides again.
    public func enqueue(
        lane: DeliveryLane, kind: String, payload: Data, now: Date, ifNoOtherWritersSince version: Int64
    ) throws(StorageError) -> QueueItemID? {
        try database.transaction(synced: lane.isSyncedToDisk) {
            (connection) throws(StorageError) -> QueueItemID? in
            guard try connection.otherWritersVersion() == version else { return nil }
            return try insert(NewQueueItem(lane: lane, kind: kind, payload: payload), now: now, connection)
        }
    }

    /// Stores every item in one transaction (all or none) and returns their IDs, in order; the
    /// transaction is synced to disk when any item's lane `isSyncedToDisk`.
    @discardableResult
    public func enqueueMany(
        _ items: [NewQueueItem], now: Date
    ) throws(StorageError) -> [QueueItemID] {
        let synced = items.contains { $0.lane.isSyncedToDisk }
        return try database.transaction(synced: synced) {
            (connection) throws(StorageError) -> [QueueItemID] in
            try items.map { (item) throws(StorageError) -> QueueItemID in
                try insert(item, now: now, connection)
            }
        }
    }

    /// Stores every item and the key-value changes `values` makes from their new IDs, in one
    /// transaction (all or nothing), so that writes paired with state (an identity link and the
    /// signed-in identity that awaits it; a `$sign_out` and the new anonymous identity; a
    /// `$groupidentify` and the groups) are never stored apart across a kill: the relaunch finds
    /// all or none of them. Always synced to disk, since it stores state. `items` may be empty.
    ///
    /// `condition` is asked first, inside the transaction, what is stored: when it answers
    /// `false`, nothing is stored and this returns `nil`. A caller that decided what to store
    /// from values it read earlier checks there that they are still stored, so that nothing
    /// another process commits comes between the check and the write (a compare and swap).
    public func enqueueMany(
        _ items: [NewQueueItem], now: Date, when condition: (KeyValueReader) throws(StorageError) -> Bool,
        storing values: ([QueueItemID]) throws(StorageError) -> KeyValueBatch
    ) throws(StorageError) -> [QueueItemID]? {
        try database.transaction(synced: true) { (connection) throws(StorageError) -> [QueueItemID]? in
            guard try condition(KeyValueReader(connection: connection)) else { return nil }
            let ids = try items.map { (item) throws(StorageError) -> QueueItemID in
                try insert(item, now: now, connection)
            }
            try values(ids).write(to: connection, now: now)
            return ids
        }
    }

    /// Stores one item and records `key` with it, in one transaction, so that a write which must
    /// be queued once (a purchase, by its transaction ID) is queued once across kills, relaunches
    /// and processes. When `key` is recorded already nothing is stored and this returns `nil`,
    /// unless `evenIfRecorded` (a restore, which sends every transaction again): then the item is
    /// stored and the key stays recorded.
    @discardableResult
    public func enqueue(
        lane: DeliveryLane, kind: String, payload: Data, now: Date, onceKey key: String, evenIfRecorded: Bool = false
    ) throws(StorageError) -> QueueItemID? {
        try database.transaction(synced: lane.isSyncedToDisk) {
            (connection) throws(StorageError) -> QueueItemID? in
            let recorded = try Self.isRecorded(key, connection)
            guard !recorded || evenIfRecorded else { return nil }
            let id = try insert(NewQueueItem(lane: lane, kind: kind, payload: payload), now: now, connection)
            if !recorded { try Self.record(key, id: id.rawValue, now: now, connection) }
            return id
        }
    }

    /// Records `keys` as queued once without storing an item (what an earlier version kept
    /// elsewhere); keys recorded already are left as they are.
    public func recordOnce(keys: [String], now: Date) throws(StorageError) {
        try database.transaction { (connection) throws(StorageError) in
            for key in keys { try Self.record(key, id: "", now: now, connection) }
        }
    }

    /// Whether `key` is recorded as queued once.
    public func isRecordedOnce(_ key: String) throws(StorageError) -> Bool {
        try database.access { (connection) throws(StorageError) -> Bool in try Self.isRecorded(key, connection) }
    }

    /// Whether `key` is in the once-table.
    private static func isRecorded(_ key: String, _ connection: SQLiteConnection) throws(StorageError) -> Bool {
        try !connection.query("SELECT 1 FROM queued_once WHERE key = ?", [.text(key)]).isEmpty
    }

    /// Records `key` for the item `id` unless it is recorded already.
    private static func record(
        _ key: String, id: String, now: Date, _ connection: SQLiteConnection
    ) throws(StorageError) {
        try connection.query(
            "INSERT OR IGNORE INTO queued_once (key, item_id, queued_at) VALUES (?, ?, ?)",
            [.text(key), .text(id), .real(now.timeIntervalSince1970)])
    }

    /// Inserts `item` under a new ID (generated under the database lock, so ID order is commit
    /// order) at the next position, and returns the ID.
    private func insert(
        _ item: NewQueueItem, now: Date, _ connection: SQLiteConnection
    ) throws(StorageError) -> QueueItemID {
        let text = ids.next(at: now).lowercasedText
        try connection.query(
            "INSERT INTO outbox (id, lane, kind, payload, attempts, created_at) VALUES (?, ?, ?, ?, 0, ?)",
            [
                .text(text), .integer(Int64(item.lane.rawValue)), .text(item.kind),
                .blob(item.payload), .real(now.timeIntervalSince1970),
            ])
        return QueueItemID(rawValue: text, position: connection.lastInsertedRow)
    }

    /// The next items to deliver: up to `limit` of the oldest items of the lowest non-empty lane,
    /// stopping before the first item of another kind, so that a batch is always one lane and one
    /// kind and never overtakes anything.
    public func nextBatch(limit: Int) throws(StorageError) -> [QueueItem] {
        guard limit > 0 else { return [] }
        let items = try database.access { (connection) throws(StorageError) -> [QueueItem] in
            // One snapshot for the lane and its items: another process may empty the lane between.
            try connection.inReadTransaction { () throws(StorageError) -> [QueueItem] in
                guard let lane = try Self.firstLane(connection) else { return [] }
                return try connection.query(
                    "SELECT \(Self.columns), position FROM outbox WHERE \(Self.items(in: lane)) ORDER BY position LIMIT ?",
                    [.integer(Int64(lane.rawValue)), .integer(Int64(limit))]
                ).map(Self.storedItem)
            }
        }
        guard let kind = items.first?.kind else { return [] }
        return Array(items.prefix { $0.kind == kind })
    }

    /// The condition on the outbox's rows that picks `lane`'s items, with the lane as its one
    /// parameter: for an indexed lane it names the indexes' condition too, so SQLite uses them.
    private static func items(in lane: DeliveryLane) -> String {
        lane == .events ? "lane = ?" : "lane = ? AND \(indexed)"
    }

    /// The lowest lane that holds an item, if any: the indexed lanes' lowest, unless the events
    /// lane comes before it and holds an item (found by reading the table from its start).
    private static func firstLane(_ connection: SQLiteConnection) throws(StorageError) -> DeliveryLane? {
        let indexedLowest = try connection.query("SELECT min(lane) FROM outbox WHERE \(indexed)").first?
            .optionalInteger(0).map { DeliveryLane(rawValue: Int($0)) }
        if let indexedLowest, indexedLowest < .events { return indexedLowest }
        let holdsEvents = try !connection.query(
            "SELECT 1 FROM outbox WHERE lane = ? LIMIT 1", [.integer(Int64(DeliveryLane.events.rawValue))]
        ).isEmpty
        return holdsEvents ? .events : indexedLowest
    }

    /// The rows of the items `ids`, each as the bindings of `matching`, in the order of `ids`;
    /// the IDs the outbox does not hold are left out. A position is the one the ID carries, or
    /// else is found through the index of IDs; the IDs it does not find, events' IDs that came
    /// from elsewhere among them, are looked for in one read of the events lane. The ID is
    /// matched too, since a removed item's position may be given to a later item.
    private static func rows(
        of ids: [QueueItemID], _ connection: SQLiteConnection
    ) throws(StorageError) -> [(id: QueueItemID, bindings: [SQLiteValue])] {
        var positions: [String: Int64] = [:]
        var unfound: [String] = []
        for id in ids where id.position == nil {
            if let row = try connection.query(
                "SELECT position FROM outbox WHERE id = ? AND \(indexed)", [.text(id.rawValue)]
            ).first {
                positions[id.rawValue] = try row.integer(0)
            } else {
                unfound.append(id.rawValue)
            }
        }
        // SQLite takes at most 32,766 values in one statement.
        for chunk in stride(from: 0, to: unfound.count, by: 30_000).map({
            unfound[$0..<min($0 + 30_000, unfound.count)]
        }) {
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            for row in try connection.query(
                "SELECT id, position FROM outbox WHERE lane = ? AND id IN (\(marks))",
                [.integer(Int64(DeliveryLane.events.rawValue))] + chunk.map { .text($0) })
            {
                positions[try row.text(0)] = try row.integer(1)
            }
        }
        return ids.compactMap { id in
            (id.position ?? positions[id.rawValue]).map { (id, [.integer($0), .text(id.rawValue)]) }
        }
    }

    /// The condition `row(of:_:)` gives the bindings of.
    private static let matching = "position = ? AND id = ?"

    /// Removes the items with these IDs (after delivery, or with the `refusal` the server refused
    /// them with, which is kept: see `refusals(among:)`); IDs no longer stored are ignored.
    /// Returns how many were removed.
    ///
    /// Not synced to disk: should a power loss undo the removal, the items are sent again under
    /// the same IDs (their idempotency keys), which the server applies once.
    @discardableResult
    public func remove(ids: [QueueItemID], refusal: ItemRefusal? = nil) throws(StorageError) -> Int {
        try database.transaction(synced: false) { (connection) throws(StorageError) -> Int in
            var removed = 0
            for row in try Self.rows(of: ids, connection) {
                try connection.query("DELETE FROM outbox WHERE \(Self.matching)", row.bindings)
                removed += connection.changes
            }
            if let refusal { try Self.keep(refusal, of: ids, connection) }
            return removed
        }
    }

    /// Counts one more failed attempt for each of these items and remembers `error` (which must
    /// not contain personal data) as their last failure (not synced to disk: a count lost to a
    /// power loss only shortens the next backoff).
    public func recordAttempt(ids: [QueueItemID], error: String) throws(StorageError) {
        try database.transaction(synced: false) { (connection) throws(StorageError) in
            for row in try Self.rows(of: ids, connection) {
                try connection.query(
                    "UPDATE outbox SET attempts = attempts + 1, last_error = ? WHERE \(Self.matching)",
                    [.text(error)] + row.bindings)
            }
        }
    }

    /// The IDs among `ids` that are still in the outbox (neither removed nor quarantined): when
    /// several processes share the storage, the others may have delivered some.
    public func storedIDs(among ids: [QueueItemID]) throws(StorageError) -> [QueueItemID] {
        try database.access { (connection) throws(StorageError) -> [QueueItemID] in
            var stored: [QueueItemID] = []
            for row in try Self.rows(of: ids, connection)
            where try !connection.query("SELECT 1 FROM outbox WHERE \(Self.matching)", row.bindings).isEmpty {
                stored.append(row.id)
            }
            return stored
        }
    }

    /// How many items wait in `lane`, or in every lane when `lane` is `nil`.
    public func count(lane: DeliveryLane? = nil) throws(StorageError) -> Int {
        try database.access { (connection) throws(StorageError) -> Int in
            let rows =
                if let lane {
                    try connection.query(
                        "SELECT count(*) FROM outbox WHERE \(Self.items(in: lane))", [.integer(Int64(lane.rawValue))])
                } else {
                    try connection.query("SELECT count(*) FROM outbox")
                }
            return Int(try rows.first?.integer(0) ?? 0)
        }
    }

    /// Moves the item out of delivery into the quarantine, in one transaction, and returns it as
    /// quarantined; `nil` when no item has this ID. Quarantined items are kept, never deleted.
    @discardableResult
    public func quarantine(
        id: QueueItemID, reason: String, now: Date
    ) throws(StorageError) -> QuarantinedItem? {
        try database.transaction { (connection) throws(StorageError) -> QuarantinedItem? in
            guard let match = try Self.rows(of: [id], connection).first?.bindings,
                let row = try connection.query(
                    "SELECT \(Self.columns), position FROM outbox WHERE \(Self.matching)", match
                ).first
            else { return nil }
            let item = try Self.storedItem(row)
            try connection.query(
                """
                INSERT INTO quarantine (\(Self.columns), reason, quarantined_at)
                SELECT \(Self.columns), ?, ? FROM outbox WHERE \(Self.matching)
                """, [.text(reason), .real(now.timeIntervalSince1970)] + match)
            try connection.query("DELETE FROM outbox WHERE \(Self.matching)", match)
            return QuarantinedItem(item: item, reason: reason, quarantinedAt: now)
        }
    }

    /// Every quarantined item, oldest ID first.
    public func quarantined() throws(StorageError) -> [QuarantinedItem] {
        try database.access { (connection) throws(StorageError) -> [QuarantinedItem] in
            try connection.query(
                "SELECT \(Self.columns), reason, quarantined_at FROM quarantine ORDER BY id"
            ).map { (row) throws(StorageError) -> QuarantinedItem in
                QuarantinedItem(
                    item: try Self.item(row), reason: try row.text(7),
                    quarantinedAt: Date(timeIntervalSince1970: try row.real(8)))
            }
        }
    }

    /// Pauses all delivery until `date` (a server's rate limit), persisted across launches.
    public func pause(until date: Date) throws(StorageError) {
        try database.transaction { (connection) throws(StorageError) in
            try connection.query(
                "INSERT OR REPLACE INTO outbox_state (name, value) VALUES (?, ?)",
                [.text(Self.pausedUntilName), .real(date.timeIntervalSince1970)])
        }
    }

    /// Lifts the pause set by `pause(until:)`.
    public func resume() throws(StorageError) {
        try database.transaction { (connection) throws(StorageError) in
            try connection.query(
                "DELETE FROM outbox_state WHERE name = ?", [.text(Self.pausedUntilName)])
        }
    }

    /// The end of the current pause, or `nil` when delivery is not paused. A pause whose date has
    /// passed is still returned until `resume()`; compare it with the clock.
    public var pausedUntil: Date? {
        get throws(StorageError) {
            try database.access { (connection) throws(StorageError) -> Date? in
                try connection.query(
                    "SELECT value FROM outbox_state WHERE name = ?", [.text(Self.pausedUntilName)]
                ).first.map { (row) throws(StorageError) -> Date in
                    Date(timeIntervalSince1970: try row.real(0))
                }
            }
        }
    }

    /// The item in a row of the outbox: `columns`, then `position`, which its ID carries.
    private static func storedItem(_ row: SQLiteRow) throws(StorageError) -> QueueItem {
        var item = try item(row)
        item.id = QueueItemID(rawValue: item.id.rawValue, position: try row.integer(7))
        return item
    }

    /// The item in `row`, read from `columns`.
    private static func item(_ row: SQLiteRow) throws(StorageError) -> QueueItem {
        QueueItem(
            id: QueueItemID(rawValue: try row.text(0)),
            lane: DeliveryLane(rawValue: Int(try row.integer(1))),
            kind: try row.text(2), payload: try row.blob(3), attempts: Int(try row.integer(4)),
            lastError: try row.optionalText(5),
            createdAt: Date(timeIntervalSince1970: try row.real(6)))
    }
}
