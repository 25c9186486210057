import Dispatch
import Foundation
import SDKRuntime

/// libFuzzer's entry point: the first byte picks the API (even: Voidhash, odd: Mobile Joe), the
/// rest is the bytes of pipelined requests. Each request is parsed as the server parses it, then
/// goes through the dispatcher (admin API, routes, the API's handlers over fresh state) and the
/// response serializer, as a connection would send it.
///
/// Compiled into the emulator module (see `Fuzz/build.sh`). Checks besides "no crash": every
/// status is 100...599, and every JSON response body is valid JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEmulatorRequests(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let api = data[0] % 2 == 0 ? EmulatorRequestFuzzing.API.voidhash : .mobileJoe
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    EmulatorRequestFuzzing.run(bytes, api: api)
    return 0
}

/// The requests target's pieces.
enum EmulatorRequestFuzzing {
    /// The emulated API an input talks to.
    enum API {
        case voidhash
        case mobileJoe
    }

    /// At most this many requests of one input are served.
    static let maxRequests = 16

    /// A dispatcher over one API's state, and how to put that state back as it started.
    struct Context: Sendable {
        let dispatcher: RequestDispatcher
        let reset: @Sendable () -> Void
    }

    /// The contexts, built once: each input starts from a reset state, so runs are reproducible.
    static let voidhash = makeContext(.voidhash)
    static let mobileJoe = makeContext(.mobileJoe)

    /// Serves each request of `bytes` in order, over a freshly reset emulator state.
    static func run(_ bytes: [UInt8], api: API) {
        let context = api == .voidhash ? voidhash : mobileJoe
        context.reset()
        var offset = 0
        for _ in 0..<maxRequests {
            let rest = Array(bytes[offset...])
            guard let end = RequestHeadParser.findHeadEnd(in: rest, from: 0),
                end.headLength <= ServerLimits.standard.maxHeadBytes,
                let head = try? RequestHeadParser.parse(rest[0..<end.headLength], limits: .standard),
                end.consumed + head.contentLength <= rest.count
            else { return }
            let body = Data(rest[end.consumed..<(end.consumed + head.contentLength)])
            offset += end.consumed + head.contentLength
            serve(head: head, body: body, dispatcher: context.dispatcher)
        }
    }

    /// The dispatcher over a state of `api`, with a clock that only moves when told (nothing here
    /// tells it, and requests that would wait for it are skipped).
    static func makeContext(_ api: API) -> Context {
        let clock = ManualClock()
        let router: Router
        let adminRouter: Router
        let resetState: @Sendable () -> Void
        switch api {
        case .voidhash:
            let state = VoidhashEmulatorState(clock: clock)
            router = (try? VoidhashEmulator.routes(state: state)) ?? Router()
            adminRouter = (try? VoidhashEmulator.adminRoutes(state: state)) ?? Router()
            resetState = { state.reset() }
        case .mobileJoe:
            let state = MobileJoeEmulatorState.withSampleContent()
            router = (try? MobileJoeEmulator.makeRouter(state: state)) ?? Router()
            adminRouter = Router()
            resetState = { state.reset() }
        }
        let controls = EmulatorControls(
            log: RequestLog(limits: ServerLimits(maxLoggedRequests: 64)), faults: FaultTable(), holds: HoldGate(),
            clock: clock, adminRouter: adminRouter, onReset: {})
        return Context(
            dispatcher: RequestDispatcher(router: router, controls: controls),
            reset: {
                controls.log.clear()
                controls.faults.clear()
                resetState()
            })
    }

    /// One request through the dispatcher and the serializer, as `ConnectionHandler` serves it.
    static func serve(head: RequestHead, body: Data, dispatcher: RequestDispatcher) {
        let request = EmulatorRequest(
            method: head.method, path: head.path, query: head.query, headers: head.headers, body: body,
            receivedAt: dispatcher.controls.clock.now())
        let prepared = dispatcher.prepare(request)
        if case .routes(_, _, let fault?, _) = prepared.destination, waitsForTheClock(fault) { return }
        switch blockingExecute(prepared, dispatcher: dispatcher) {
        case .respond(let response), .dropAfterHeaders(let response):
            check(response, fault: prepared.destination)
            _ = ResponseSerializer.serialize(
                response, method: head.method, keepAlive: head.keepAlive, minorVersion: head.minorVersion)
        case .drop:
            break
        }
    }

    /// Whether `fault` waits for the clock or a release, which would never come here.
    static func waitsForTheClock(_ fault: Fault) -> Bool {
        switch fault {
        case .delay(let duration): duration > .zero
        case .hold: true
        default: false
        }
    }

    /// Runs the dispatcher's async part to the end, blocking this (libFuzzer's) thread. The task
    /// starts on this thread and, as long as nothing suspends, finishes on it too (a hop to the
    /// task pool per request would cost more than the request).
    static func blockingExecute(_ prepared: RequestDispatcher.Prepared, dispatcher: RequestDispatcher)
        -> ResponsePlan
    {
        let result = TaskResultHandoff<ResponsePlan>()
        Task.immediate {
            result.deliver(await dispatcher.execute(prepared))
        }
        return result.wait() ?? .drop
    }

    /// What every answer satisfies: a real status, and JSON where it says JSON (unless the
    /// request asked for the malformed-body fault).
    static func check(_ response: EmulatorResponse, fault: RequestDispatcher.Prepared.Destination) {
        guard (100...599).contains(response.status) else {
            fuzzFailure("status \(response.status)")
        }
        if case .routes(_, _, .malformedBody?, _) = fault { return }
        let isJSON = response.headers.contains {
            $0.name.lowercased() == "content-type" && $0.value.lowercased().hasPrefix("application/json")
        }
        if isJSON, !response.body.isEmpty,
            (try? JSONSerialization.jsonObject(with: response.body, options: [.fragmentsAllowed])) == nil
        {
            fuzzFailure("a JSON response is not JSON: \(String(decoding: response.body, as: UTF8.self))")
        }
    }
}
