import FeedCore

/// What a ``RangeStore``'s next flush owes the disk: the files to sync,
/// whether the index or only its last-use times changed, and whether a
/// flush is queued. Only under the store's `lock`; a flush takes it whole
/// (`takeSnapshot`) with the index snapshot it writes.
struct FlushDebt {
    /// Keys with bytes claimed since the last flush took its snapshot: their files need `fdatasync`.
    var unsyncedKeys: Set<CacheKey> = []
    /// Whether the index changed since the last flush took its snapshot.
    var indexChanged = false
    /// Whether entries were only used (touched) since the last flush took its snapshot.
    var accessChanged = false
    /// Whether a debounced flush is queued.
    var flushScheduled = false

    /// Whether a flush has anything to write.
    var isOwed: Bool { indexChanged || accessChanged || !unsyncedKeys.isEmpty }

    /// What to sync now; the debt is paid from here on (a queued flush stays queued).
    mutating func take() -> Set<CacheKey> {
        let keys = unsyncedKeys
        unsyncedKeys = []
        indexChanged = false
        accessChanged = false
        return keys
    }
}
