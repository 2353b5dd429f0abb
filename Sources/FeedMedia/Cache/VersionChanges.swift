import FeedCore
import Foundation
import Synchronization

/// The files whose version changed at the origin while the store held them,
/// each with FeedCore's ``VersionChurn``: which ones change too often to be
/// cached this run.
///
/// Why: an origin that changes a file between requests, or ignores
/// `If-Range`, makes each answer drop the bytes the last one brought; the
/// players would ask again for ever. Once ``VersionChurn`` says so, that
/// file streams from the network uncached (``MediaCache/playbackURI(for:)``)
/// and readers of the cached copy stop (``CacheSourceInstance``).
///
/// Any thread (its own lock). Forgets quiet files past `maxFiles`.
public final class VersionChanges: Sendable {
    /// Files remembered at most; past it, those not streamed uncached are forgotten.
    static let maxFiles = 4_096

    private let churn = Mutex<[CacheKey: VersionChurn]>([:])

    init() {}

    /// Notes that the origin's version of `key` changed now; returns whether
    /// it streams uncached from now on.
    @discardableResult
    func record(_ key: CacheKey, atSeconds seconds: Double = ProcessInfo.processInfo.systemUptime) -> Bool {
        churn.withLock { churn in
            if churn[key] == nil, churn.count >= Self.maxFiles {
                churn = churn.filter { $0.value.uncached }
            }
            return churn[key, default: VersionChurn()].record(atSeconds: seconds)
        }
    }

    /// Whether `key` streams uncached for the rest of the run.
    public func isUncached(_ key: CacheKey) -> Bool {
        churn.withLock { $0[key]?.uncached ?? false }
    }

    /// How many files stream uncached, for the diagnostics.
    public var uncachedCount: Int {
        churn.withLock { $0.values.count { $0.uncached } }
    }
}
