import Foundation
import SDKRuntime
import Synchronization
import Testing

/// A transport that answers from a script, in order, and records what it was asked to send.
final class ScriptedTransport: Transport {
    private struct State {
        var script: [Result<HTTPResponse, TransportError>]
        var requests: [HTTPRequest] = []
        var baseURLs: [URL] = []
    }

    private let state: Mutex<State>

    /// A transport that gives the script's outcomes one per send.
    init(_ script: [Result<HTTPResponse, TransportError>]) {
        state = Mutex(State(script: script))
    }

    /// Every request sent so far, in order.
    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// How many requests were sent.
    var sendCount: Int { state.withLock { $0.requests.count } }

    /// The base URLs the requests were sent to, in order.
    var baseURLs: [URL] { state.withLock { $0.baseURLs } }

    func send(_ request: HTTPRequest, to baseURL: URL) async throws(TransportError) -> HTTPResponse {
        let next = state.withLock { state -> Result<HTTPResponse, TransportError>? in
            state.requests.append(request)
            state.baseURLs.append(baseURL)
            return state.script.isEmpty ? nil : state.script.removeFirst()
        }
        guard let next else {
            Issue.record("The script has no answer for send number \(sendCount).")
            throw .connectionLost("script exhausted")
        }
        return try next.get()
    }
}

/// `text` as a URL. The literals tests pass are valid; a malformed one yields `about:blank`,
/// which every expectation on the URL then reports.
func exampleURL(_ text: String) -> URL {
    URL(string: text) ?? URL(string: "about:blank") ?? URL(fileURLWithPath: "/")
}

/// A scripted response with `status`, `headers` and a UTF-8 `body`.
func reply(
    _ status: Int, headers: [HTTPField] = [], body: String = ""
) -> Result<HTTPResponse, TransportError> {
    .success(HTTPResponse(status: status, headers: headers, body: Data(body.utf8)))
}
