import FeedCore
import Foundation

/// Headers and fetch priorities per cache key, shared between threads.
final class HeaderTable: @unchecked Sendable {
    private let lock = NSLock()
    private var table: [CacheKey: [String: String]] = [:]
    private var speculative: Set<CacheKey> = []

    func setPriority(_ priority: FetchPriority, for key: CacheKey) {
        lock.withLock {
            if priority == .speculative { speculative.insert(key) } else { speculative.remove(key) }
        }
    }

    /// `.current` unless the key was marked speculative.
    func priority(_ key: CacheKey) -> FetchPriority {
        lock.withLock { speculative.contains(key) ? .speculative : .current }
    }

    func set(_ headers: [String: String], for key: CacheKey) {
        lock.withLock { table[key] = headers.isEmpty ? nil : headers }
    }

    func get(_ key: CacheKey) -> [String: String] {
        lock.withLock { table[key] ?? [:] }
    }
}
