// Pure: values only, imports Foundation at most.

/// What the links to media origins carried in earlier runs, kept on disk
/// between runs so the first segment of a new run is already of the
/// rendition the link can carry (``RenditionPlan``), not the plan's guess.
///
/// Bytes read back from disk are hostile like any: a new run believes an
/// entry only when its origin is one (`scheme://host:port`, as
/// ``CacheKey/origin(of:)`` writes it), its rate is bounded into
/// ``ThroughputEstimate/range`` (a past run's absurd measure is bounded),
/// and it was measured within ``forgetAfterSeconds`` (then forgotten: a
/// link a week old says little of today's); at most ``maxOrigins``, the
/// most recent first. The run's own measures then average in as any.
public struct ThroughputMemory: Codable, Equatable, Sendable {
    /// One origin's last estimate.
    public struct Entry: Codable, Equatable, Sendable {
        /// `scheme://host:port`.
        public var origin: String
        public var bitsPerSecond: Int
        /// When it was last measured, in seconds since 1970.
        public var measuredAt: Double

        public init(origin: String, bitsPerSecond: Int, measuredAt: Double) {
            self.origin = origin
            self.bitsPerSecond = bitsPerSecond
            self.measuredAt = measuredAt
        }
    }

    /// The format's version; a file of another starts afresh.
    public static let currentVersion = 1
    /// The largest file read, in bytes (64 origins take about 6 KiB).
    public static let maxBytes = 64 * 1024
    /// Estimates older than this are forgotten, in seconds (a week).
    public static let forgetAfterSeconds = 7 * 24 * 3600.0
    /// Estimates kept and believed at most.
    public static let maxOrigins = 64
    /// A clock that went back may stamp an entry a little ahead: up to a day is believed.
    public static let futureSlackSeconds = 24 * 3600.0

    public var version: Int
    public var entries: [Entry]

    public init(entries: [Entry]) {
        version = Self.currentVersion
        self.entries = entries
    }

    /// The estimates a run starts from, read at `now` (seconds since
    /// 1970), by origin: see the type's rules.
    public func seeds(now: Double) -> [String: Int] {
        Dictionary(believed(now: now).map { ($0.origin, $0.bitsPerSecond) }) { first, _ in first }
    }

    /// The entries a run starts from, read at `now`: one per origin, the
    /// most recent first, bounded (see the type's rules); none from a
    /// file of another version.
    public func believed(now: Double) -> [Entry] {
        guard version == Self.currentVersion else { return [] }
        return Self.keeping(entries, now: now).entries
    }

    /// What to keep of `entries` at `now`: the same rules, so a file
    /// written never holds what the next run would not believe.
    public static func keeping(_ entries: [Entry], now: Double) -> ThroughputMemory {
        var seen = Set<String>()
        return ThroughputMemory(entries: believed(entries, now: now).filter { seen.insert($0.origin).inserted })
    }

    /// Entries a run may believe, the most recent first, bounded, at most ``maxOrigins``.
    private static func believed(_ entries: [Entry], now: Double) -> [Entry] {
        let range = ThroughputEstimate.range
        let kept = entries.compactMap { entry -> Entry? in
            guard entry.measuredAt.isFinite, now.isFinite, entry.measuredAt <= now + futureSlackSeconds,
                  now - entry.measuredAt <= forgetAfterSeconds,
                  entry.origin.utf8.count <= 300, CacheKey.origin(of: entry.origin) == entry.origin else { return nil }
            var bounded = entry
            bounded.bitsPerSecond = min(range.upperBound, max(range.lowerBound, entry.bitsPerSecond))
            return bounded
        }
        return Array(kept.sorted { $0.measuredAt > $1.measuredAt }.prefix(maxOrigins))
    }
}
