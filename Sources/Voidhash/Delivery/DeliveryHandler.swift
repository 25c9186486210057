import Foundation
import SDKHashing
import SDKPersistence
import SDKRuntime
import VoidhashAPI

/// Turns the outbox's batches into requests and reports to the core the fate of each item it
/// acts on.
///
/// Links, purchases and attributes are sent one request per item, in order; the handler stops
/// at the first that must be tried again, settles each item as soon as Voidhash applied or
/// refused it (the outbox removes it then, so a later failure in the same batch never sends it
/// again), and reports each one's fate (a call may wait for it, and an answer carries the
/// person). Events go in one request per batch; only those Voidhash refused are reported (for
/// the diagnostic): no call waits for an event, and a delivered one needs nothing of the core,
/// so a batch costs the core no turn of its own. The handler never removes an item itself.
struct DeliveryHandler: Sendable {
    /// The generated client.
    let client: VoidhashClient
    /// Numbers each request.
    let sequencer: RequestSequencer
    /// Receives the fate of an item (the core's `settle`).
    let report: @Sendable (ItemReport) async -> Void

    /// Delivers `batch` and says what happened, as the outbox expects; `settle` removes an item
    /// whose fate is known.
    func send(_ batch: [QueueItem], settle: DeliveryPump.Settle) async -> DeliveryOutcome {
        if batch.first?.kind == QueuedWrite.Kind.event.rawValue {
            return await sendEvents(batch, settle: settle)
        }
        for item in batch {
            guard let write = QueuedWrite(item: item) else { return .undecodable(ids: [item.id]) }
            let sequence = sequencer.next()
            let result: ItemReport.Result
            var retry: DeliveryOutcome?
            switch await deliver(write, idempotencyKey: item.id.rawValue) {
            case .success(let (person, outcome)):
                result = .delivered(person: person, outcome: outcome)
            case .failure(let error):
                switch DeliveryFailure(error) {
                case .refused(let code):
                    result = .rejected(code: code, message: error.message)
                case .tooLarge:
                    result = .rejected(code: VoidhashErrorCode.payloadTooLarge.rawValue, message: error.message)
                case .later(let outcome):
                    result = .failedForNow(error)
                    retry = outcome
                }
            }
            switch result {
            case .delivered: settle(item.id, nil)
            case .rejected(let code, let message): settle(item.id, ItemRefusal(code: code, message: message))
            case .failedForNow: break
            }
            await report(ItemReport(id: item.id, write: write, sequence: sequence, result: result))
            if let retry { return retry }
        }
        return .delivered
    }

    /// Sends one write and returns the person it answered with (and the identify outcome).
    private func deliver(
        _ write: QueuedWrite, idempotencyKey: String
    ) async -> Result<(Person?, IdentifyOutcome?), APIError> {
        do {
            switch write {
            case .link(let request, _):
                let response = try await client.identify(body: request, idempotencyKey: idempotencyKey)
                return .success((response.person, response.outcome))
            case .attributes(let distinctId, let attributes, _, _):
                let person = try await client.setPersonAttributes(
                    distinctId: distinctId, body: AttributesUpdate(attributes: attributes),
                    idempotencyKey: idempotencyKey)
                return .success((person, nil))
            case .purchase(let record, _):
                let person = try await client.recordPurchase(body: record, idempotencyKey: idempotencyKey)
                return .success((person, nil))
            case .event:
                return .success((nil, nil))
            }
        } catch {
            return .failure(error)
        }
    }

    /// Sends a batch of events in one request, keyed by a digest of the items' IDs and of the
    /// failed attempts of the first: a batch sent again after a crash carries the same key, one
    /// sent again after a failed attempt or a split a new one. Voidhash keeps its first answer
    /// to a key, which may have stored only some of the events (see `EventBatchResult.accepted`);
    /// under the same key it would give that answer again for ever. Events are deduplicated by
    /// ID, so a new key never stores one twice.
    ///
    /// An event that breaks a rule of the contract (stored by a version whose rules were looser)
    /// is refused here, alone, and settled: sent with the others, it would make the client refuse
    /// the whole batch. An answer that counts fewer events than were sent settles the refused
    /// ones and keeps the rest, to be sent again after the lane's back-off.
    private func sendEvents(_ batch: [QueueItem], settle: DeliveryPump.Settle) async -> DeliveryOutcome {
        var decoded: [(QueueItem, QueuedWrite, Event)] = []
        for item in batch {
            guard let write = QueuedWrite(item: item), case .event(let event, _) = write else {
                return .undecodable(ids: [item.id])
            }
            decoded.append((item, write, event))
        }
        let ids = batch.map(\.id.rawValue).joined(separator: ",")
        let key = SHA256Hash.hex(of: Data("\(ids);\(batch[0].attempts)".utf8))
        let sequence = sequencer.next()
        var events: [(QueueItem, QueuedWrite, Event)] = []
        for (item, write, event) in decoded {
            guard let violation = event.violations().first else {
                events.append((item, write, event))
                continue
            }
            let code = VoidhashErrorCode.invalidArgument.rawValue
            settle(item.id, ItemRefusal(code: code, message: violation.description))
            await report(
                ItemReport(
                    id: item.id, write: write, sequence: sequence,
                    result: .rejected(code: code, message: violation.description)))
        }
        guard !events.isEmpty else { return .delivered }
        do {
            let result = try await client.captureEvents(
                body: EventBatch(events: events.map(\.2)), idempotencyKey: key)
            let rejected = Dictionary(
                result.rejected.map { ($0.id, $0.code) }, uniquingKeysWith: { first, _ in first })
            let refused = events.compactMap { item, write, event in rejected[event.id].map { (item, write, $0) } }
            let partly = result.accepted + refused.count < events.count
            for (item, write, code) in refused {
                if partly { settle(item.id, nil) }
                await report(
                    ItemReport(
                        id: item.id, write: write, sequence: sequence,
                        result: .rejected(code: code, message: "Voidhash refused the event.")))
            }
            return partly ? .retryLater(retryAfter: nil) : .delivered
        } catch {
            switch DeliveryFailure(error) {
            case .refused(let code):
                for (item, write, _) in events {
                    await report(
                        ItemReport(
                            id: item.id, write: write, sequence: sequence,
                            result: .rejected(code: code, message: error.message)))
                }
                return .rejected(ids: events.map(\.0.id), code: code)
            case .tooLarge:
                return .tooLarge
            case .later(let outcome):
                return outcome
            }
        }
    }
}

/// How a failed delivery is handled.
enum DeliveryFailure: Sendable, Hashable {
    /// Refused for good with this code: drop the item.
    case refused(code: String)
    /// The request was too large (413).
    case tooLarge
    /// Keep the item and let the pump retry as `outcome` says.
    case later(DeliveryOutcome)

    /// The handling of `error`: a 4xx refusal with Voidhash's error code drops the item; a 4xx
    /// without one (a proxy's page, a base URL that reaches another server: not Voidhash
    /// refusing the write), a refused key, no connection, a garbled answer, a timeout or a 5xx
    /// keep it; a 429 pauses delivery.
    init(_ error: APIError) {
        switch error.category {
        case .rejected where error.status == 413:
            self = .tooLarge
        case .rejected:
            if let code = error.code, error.status != nil {
                self = .refused(code: code)
            } else {
                self = .later(.retryLater(retryAfter: nil))
            }
        case .retryable where error.status == 429:
            self = .later(.rateLimited(retryAfter: error.retryAfter))
        case .retryable:
            self = .later(.retryLater(retryAfter: error.retryAfter))
        case .authenticationFailed, .unreachable, .invalidResponse:
            self = .later(.retryLater(retryAfter: nil))
        }
    }
}
