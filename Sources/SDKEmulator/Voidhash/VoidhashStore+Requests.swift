import Foundation
import SDKRuntime
import VoidhashAPI

extension VoidhashStore {
    /// Answers one request to `operation`: checks the key (401), then for a mutating operation
    /// the `Idempotency-Key` (400 when missing) and replays the first response given to that
    /// key on that route, byte for byte, without applying the request again.
    mutating func respond(
        to operation: VoidhashOperation, request: EmulatorRequest, parameters: PathParameters, now: Date
    ) -> EmulatorResponse {
        let key: VoidhashEnvironment
        do throws(VoidhashEmulatorError) {
            key = try VoidhashKeyEnvironment.environment(of: request)
        } catch {
            return error.response
        }
        guard operation.requiresIdempotencyKey else {
            return perform(operation, request: request, parameters: parameters, key: key, now: now)
        }
        guard let idempotencyKey = request.idempotencyKey else {
            return VoidhashEmulatorError.invalidArgument("A mutating request needs an Idempotency-Key header.")
                .response
        }
        let replayKey = VoidhashReplayKey(route: VoidhashEmulator.routeName(for: operation), key: idempotencyKey)
        if let replay = replays[replayKey] { return replay }
        let response = perform(operation, request: request, parameters: parameters, key: key, now: now)
        replays[replayKey] = response
        return response
    }

    /// Decodes the request's body and path, applies the operation and encodes its answer.
    private mutating func perform(
        _ operation: VoidhashOperation, request: EmulatorRequest, parameters: PathParameters, key: VoidhashEnvironment,
        now: Date
    ) -> EmulatorResponse {
        do throws(VoidhashEmulatorError) {
            let distinctId = parameters["distinctId"] ?? ""
            switch operation {
            case .identify:
                let body = try VoidhashWire.decode(IdentifyRequest.self, from: request)
                return VoidhashWire.json(try identify(body, now: now), status: operation.successStatus)
            case .getPerson:
                return VoidhashWire.json(try person(distinctId, now: now), status: operation.successStatus)
            case .setPersonAttributes:
                let body = try VoidhashWire.decode(AttributesUpdate.self, from: request)
                let person = try setAttributes(body, for: distinctId, now: now)
                return VoidhashWire.json(person, status: operation.successStatus)
            case .recordPurchase:
                let body = try VoidhashWire.decode(PurchaseRecord.self, from: request)
                let person = try recordPurchase(body, key: key, now: now)
                return VoidhashWire.json(person, status: operation.successStatus)
            case .captureEvents:
                let body = try VoidhashWire.decode(EventBatch.self, from: request)
                guard body.events.count <= VoidhashConstants.maxEventsPerRequest else {
                    throw .payloadTooLarge(
                        "A batch carries at most \(VoidhashConstants.maxEventsPerRequest) events; split it.")
                }
                return VoidhashWire.json(capture(body), status: operation.successStatus)
            }
        } catch {
            return error.response
        }
    }
}
