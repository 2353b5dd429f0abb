import FeedCore
import Foundation
import Synchronization

/// Headers and fetch priorities per cache key, shared between threads.
final class HeaderTable: Sendable {
    private struct State {
        var table: [CacheKey: [String: String]] = [:]
        var speculative: Set<CacheKey> = []
    }

    private let state = Mutex(State())

    func setPriority(_ priority: FetchPriority, for key: CacheKey) {
        state.withLock {
            if priority == .speculative { $0.speculative.insert(key) } else { $0.speculative.remove(key) }
        }
    }

    /// `.current` unless the key was marked speculative.
    func priority(_ key: CacheKey) -> FetchPriority {
        state.withLock { $0.speculative.contains(key) ? .speculative : .current }
    }

    func set(_ headers: [String: String], for key: CacheKey) {
        state.withLock { $0.table[key] = headers.isEmpty ? nil : headers }
    }

    func get(_ key: CacheKey) -> [String: String] {
        state.withLock { $0.table[key] ?? [:] }
    }
}
