import FeedCore
import Foundation

/// What a cache source element asks its hub for, from its streaming
/// thread; the answer comes back as calls of the instance's `landed` and
/// `ended` (with the token) on the GTK thread.
package enum CacheSourceCommand: Sendable {
    /// Bring `range` of the element's file (`url`, stored under `key`).
    case fetch(CacheSourceInstance, token: UInt64, url: URL, key: CacheKey, range: Range<Int64>)
    /// The element stopped: cancel the fetch it waits on.
    case cancel(CacheSourceInstance)
}
