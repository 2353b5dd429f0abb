// Pure: values only, imports Foundation at most.

/// What the disk cache holds and what to evict, without touching the disk.
///
/// FeedMedia records bytes as they land, touches entries as they are read,
/// and deletes the files for the keys `evictions(pinned:)` returns: the index
/// decides, the range store acts. Codable so it can be written atomically.
public struct CacheIndex: Sendable, Equatable, Codable {
    /// What the index knows about one key.
    public struct Entry: Sendable, Equatable, Codable {
        /// Bytes held on disk for the key.
        public var bytesHeld: Int
        /// The resource's full size in bytes, when a response has told us.
        public var totalBytes: Int?
        /// When the entry was last recorded or read, in seconds on any steady clock.
        public var lastAccess: Double

        /// Creates an entry.
        public init(bytesHeld: Int, totalBytes: Int? = nil, lastAccess: Double) {
            self.bytesHeld = bytesHeld
            self.totalBytes = totalBytes
            self.lastAccess = lastAccess
        }
    }

    /// Everything held, by key.
    public private(set) var entries: [CacheKey: Entry] = [:]
    /// Bytes the cache may hold before it evicts.
    public var budget: Int
    /// Once over budget, evict down to this fraction of it (0.9: 90%), so
    /// that every new byte does not trigger another eviction.
    public var evictionTarget: Double = 0.9

    /// An empty index with a budget in bytes.
    public init(budget: Int, evictionTarget: Double = 0.9) {
        self.budget = budget
        self.evictionTarget = evictionTarget
    }

    /// Bytes held across all keys.
    public var totalBytes: Int {
        entries.values.reduce(0) { $0 + $1.bytesHeld }
    }

    /// Records how many bytes are now held for `key` (the whole count, not
    /// an increment) and its total size when known, at `time` seconds. A
    /// known total is kept when a later record does not repeat it.
    public mutating func record(_ key: CacheKey, bytesHeld: Int, totalBytes: Int? = nil, at time: Double) {
        let total = totalBytes ?? entries[key]?.totalBytes
        entries[key] = Entry(bytesHeld: max(bytesHeld, 0), totalBytes: total, lastAccess: time)
    }

    /// Marks `key` as read at `time` seconds; unknown keys are ignored.
    public mutating func touch(_ key: CacheKey, at time: Double) {
        entries[key]?.lastAccess = time
    }

    /// Forgets `key` (after its files were deleted, or found corrupt).
    public mutating func remove(_ key: CacheKey) {
        entries[key] = nil
    }

    /// How much of `key` is held.
    public func status(of key: CacheKey) -> CacheStatus {
        guard let entry = entries[key], entry.bytesHeld > 0 else { return .none }
        if let total = entry.totalBytes, entry.bytesHeld >= total { return .complete }
        return .partial
    }

    /// Keys to evict, least recently used first: nothing while the total is
    /// within budget; once over it, unpinned keys until the total is at most
    /// `evictionTarget` of the budget. Pinned keys (the current and next
    /// items) are never returned, even if that leaves the cache over budget.
    public func evictions(pinned: Set<CacheKey> = []) -> [CacheKey] {
        var total = totalBytes
        guard total > budget else { return [] }
        let target = Double(budget) * evictionTarget
        let candidates = entries.filter { !pinned.contains($0.key) }
            .sorted { ($0.value.lastAccess, $0.key) < ($1.value.lastAccess, $1.key) }
        var evicted: [CacheKey] = []
        for (key, entry) in candidates where Double(total) > target {
            evicted.append(key)
            total -= entry.bytesHeld
        }
        return evicted
    }
}
