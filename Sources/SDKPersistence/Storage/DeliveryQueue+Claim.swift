import Foundation

extension DeliveryQueue {
    /// Claims delivery for `owner` until `now + lease`, or renews the claim it holds, unless
    /// another owner holds a claim that has not ended (see `DeliveryClaimHolder`).
    ///
    /// One transaction, so that two processes asking at once cannot both be granted. A pump
    /// claims before each batch it sends and releases when its drain ends
    /// (`releaseDelivery(owner:)`); a process killed while holding the claim holds nothing.
    public func claimDelivery(owner: String, lease: TimeInterval, now: Date) throws(StorageError) -> DeliveryClaim {
        DeliveryClaimHolder.begin(owner: owner)
        return try database.transaction(synced: false) { (connection) throws(StorageError) -> DeliveryClaim in
            if let row = try connection.query(
                "SELECT owner, pid, expires_at FROM delivery_claim WHERE slot = 1"
            ).first {
                let holder = DeliveryClaimHolder(
                    owner: try row.text(0), pid: Int32(truncatingIfNeeded: try row.integer(1)),
                    expiresAt: Date(timeIntervalSince1970: try row.real(2)))
                if holder.owner != owner, !holder.hasEnded(now: now, lease: lease) {
                    return .heldElsewhere(until: holder.expiresAt)
                }
            }
            let until = now.addingTimeInterval(lease)
            try connection.query(
                "INSERT OR REPLACE INTO delivery_claim (slot, owner, pid, expires_at) VALUES (1, ?, ?, ?)",
                [.text(owner), .integer(Int64(DeliveryClaimHolder.currentPID)), .real(until.timeIntervalSince1970)])
            return .granted(until: until)
        }
    }

    /// Ends `owner`'s claim, if it holds one; a claim another owner took over is left alone.
    /// Within this process the claim counts as ended even when the release cannot be stored.
    public func releaseDelivery(owner: String) throws(StorageError) {
        DeliveryClaimHolder.end(owner: owner)
        try database.transaction(synced: false) { (connection) throws(StorageError) in
            try connection.query("DELETE FROM delivery_claim WHERE slot = 1 AND owner = ?", [.text(owner)])
        }
    }
}
