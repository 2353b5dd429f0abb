// Pure: values only, imports Foundation at most.

/// When a file at the origin changes too often for the cache to hold it.
///
/// The cache keeps one version of a file per entry: an answer with other
/// validators (ETag, Last-Modified, length) drops what was held and starts
/// again. An origin whose file changes between requests, or that ignores
/// `If-Range`, would make every fetch drop the bytes the last one brought,
/// and the players ask again and again (thousands of requests a minute).
/// Past `limit` changes within `windowSeconds`, that file streams from the
/// network uncached for the rest of the run, and the diagnostics say so.
public struct VersionChurn: Sendable, Equatable {
    /// Version changes within the window after which the file is not cached.
    public static let limit = 2
    /// How far back changes count, in seconds.
    public static let windowSeconds = 60.0

    /// When the changes still inside the window were seen, in seconds on a
    /// monotonic clock, oldest first; at most `limit` are kept.
    public private(set) var changes: [Double] = []
    /// Whether the file is streamed uncached from now on (never cleared).
    public private(set) var uncached = false

    public init() {}

    /// Notes a version change seen at `seconds`; returns whether the file
    /// is streamed uncached from now on. A time that is not finite or runs
    /// backwards counts as the latest time seen.
    @discardableResult
    public mutating func record(atSeconds seconds: Double, limit: Int = limit,
                                windowSeconds: Double = windowSeconds) -> Bool {
        let latest = changes.last ?? -Double.infinity
        let now = seconds.isFinite ? max(seconds, latest) : (latest.isFinite ? latest : 0)
        changes.append(now)
        changes.removeAll { now - $0 >= windowSeconds }
        if changes.count >= max(limit, 1) { uncached = true }
        if changes.count > limit { changes.removeFirst(changes.count - limit) }
        return uncached
    }
}
