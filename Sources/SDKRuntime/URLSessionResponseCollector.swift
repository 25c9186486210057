import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of a `URLSessionTransport`'s session: collects each task's response and body,
/// stops a body that grows past the size limit, and hands the outcome to the waiting send.
///
/// Each outcome is delivered once: the first of completion, `abort(_:with:)` (timeout or
/// cancellation) and the size limit wins; later events for that task are ignored.
final class URLSessionResponseCollector: NSObject, URLSessionDataDelegate, Sendable {
    typealias Outcome = Result<HTTPResponse, TransportError>

    private struct Pending {
        let continuation: CheckedContinuation<Outcome, Never>
        let limit: Int
        var response: HTTPURLResponse?
        var body = Data()
    }

    private let pending = Mutex<[Int: Pending]>([:])

    /// Starts waiting for the task with `id`; `continuation` receives its outcome.
    func register(_ id: Int, limit: Int, continuation: CheckedContinuation<Outcome, Never>) {
        pending.withLock { $0[id] = Pending(continuation: continuation, limit: limit) }
    }

    /// Ends the task with `id` now with `error`, unless it has already ended.
    func abort(_ id: Int, with error: TransportError) {
        finish(id, with: .failure(error))
    }

    private func finish(_ id: Int, with outcome: Outcome) {
        pending.withLock { $0.removeValue(forKey: id) }?.continuation.resume(returning: outcome)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let id = dataTask.taskIdentifier
        let tooLarge = pending.withLock { pending -> Int? in
            guard var entry = pending[id] else { return nil }
            entry.response = response as? HTTPURLResponse
            pending[id] = entry
            return response.expectedContentLength > Int64(entry.limit) ? entry.limit : nil
        }
        if let limit = tooLarge {
            finish(id, with: .failure(Self.tooLarge(limit)))
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        let tooLarge = pending.withLock { pending -> Int? in
            guard var entry = pending[id] else { return nil }
            guard entry.body.count + data.count <= entry.limit else { return entry.limit }
            entry.body.append(data)
            pending[id] = entry
            return nil
        }
        if let limit = tooLarge {
            finish(id, with: .failure(Self.tooLarge(limit)))
            dataTask.cancel()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
        let id = task.taskIdentifier
        guard let entry = pending.withLock({ $0.removeValue(forKey: id) }) else { return }
        let outcome: Outcome
        if let error {
            outcome = .failure(Self.transportError(for: error))
        } else if let response = entry.response {
            outcome = .success(
                HTTPResponse(
                    status: response.statusCode, headers: Self.fields(of: response), body: entry.body))
        } else {
            outcome = .failure(.connectionLost("No HTTP response arrived."))
        }
        entry.continuation.resume(returning: outcome)
    }

    /// libcurl asks for the body again when it re-sends a request after a reused keep-alive
    /// connection closed without an answer. FoundationNetworking cannot rewind an in-memory body
    /// (the request would go out with no body and hang until the time limit), so the request
    /// ends here as `.connectionLost`, at once: the caller's retry policy sends it again, on a
    /// new connection, with its idempotency key.
    #if canImport(FoundationNetworking)
        func urlSession(
            _ session: URLSession, task: URLSessionTask,
            needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
        ) {
            completionHandler(nil)
            abort(task.taskIdentifier, with: .connectionLost("The connection closed before the response arrived."))
            // Cancelled from another queue: this callback runs on the task's own work queue.
            DispatchQueue.global().async { task.cancel() }
        }
    #endif

    /// Redirects are not followed: the 3xx response itself is returned, so credentials never
    /// travel to another URL.
    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    /// A response is cached as HTTP's caching headers allow when the session has a URL cache
    /// (`URLSessionTransport`'s `responseCache`), and never otherwise.
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask,
        willCacheResponse proposedResponse: CachedURLResponse,
        completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
    ) {
        completionHandler(session.configuration.urlCache == nil ? nil : proposedResponse)
    }

    private static func tooLarge(_ limit: Int) -> TransportError {
        .connectionLost("The response is larger than the \(limit)-byte limit.")
    }

    /// The response's header fields, sorted by name so the order is the same on every platform.
    private static func fields(of response: HTTPURLResponse) -> [HTTPField] {
        response.allHeaderFields.compactMap { name, value -> HTTPField? in
            guard let name = name as? String else { return nil }
            return HTTPField(name: name, value: "\(value)")
        }
        .sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    /// The transport error for an error a URL session task completed with.
    static func transportError(for error: any Error) -> TransportError {
        let error = error as NSError
        // Optional on Linux, not on Apple platforms; the annotation makes both compile.
        let code: URLError.Code? = URLError.Code(rawValue: error.code)
        guard error.domain == NSURLErrorDomain, let code else {
            return .connectionLost("\(error.domain) \(error.code)")
        }
        return URLSessionTransport.transportError(for: code)
    }
}
