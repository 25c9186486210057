extension DeliveryQueue {
    /// How many refusals the queue keeps (the latest): many more than the calls that can wait
    /// for their items at once, for as long as any of them waits.
    public static let refusalsKept = 100

    /// Why the items among `ids` that were removed as refused were refused, by ID; an item that
    /// was delivered, is still queued, or was refused before the latest `refusalsKept`
    /// refusals has no entry.
    public func refusals(among ids: [QueueItemID]) throws(StorageError) -> [QueueItemID: ItemRefusal] {
        try database.access { (connection) throws(StorageError) -> [QueueItemID: ItemRefusal] in
            var refusals: [QueueItemID: ItemRefusal] = [:]
            for id in ids {
                if let row = try connection.query(
                    "SELECT code, message FROM refused_items WHERE id = ?", [.text(id.rawValue)]
                ).first {
                    refusals[id] = ItemRefusal(code: try row.text(0), message: try row.text(1))
                }
            }
            return refusals
        }
    }

    /// Keeps `refusal` as the fate of the items `ids`, in the transaction that removes them, and
    /// forgets all but the latest `refusalsKept` refusals.
    static func keep(
        _ refusal: ItemRefusal, of ids: [QueueItemID], _ connection: SQLiteConnection
    ) throws(StorageError) {
        for id in ids {
            try connection.query(
                "INSERT OR REPLACE INTO refused_items (id, code, message) VALUES (?, ?, ?)",
                [.text(id.rawValue), .text(refusal.code), .text(refusal.message)])
        }
        try connection.query(
            "DELETE FROM refused_items WHERE rowid <= (SELECT max(rowid) FROM refused_items) - ?",
            [.integer(Int64(refusalsKept))])
    }
}
