import Dispatch
import Foundation
import Synchronization

extension Array where Element: Sendable {
    /// `map(transform)` computed on every processor, in chunks; the result keeps the order.
    ///
    /// Large specs translate and render thousands of independent files; small arrays (the
    /// real specs) are mapped in place, where starting threads would cost more than it saves.
    func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        let processors = ProcessInfo.processInfo.activeProcessorCount
        guard count >= 64, processors > 1 else { return map(transform) }
        let chunks = Swift.min(count, processors * 8)
        let parts = Mutex([[T]](repeating: [], count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let part = self[chunk * count / chunks..<(chunk + 1) * count / chunks].map(transform)
            parts.withLock { $0[chunk] = part }
        }
        return parts.withLock { parts in parts.flatMap { $0 } }
    }
}
