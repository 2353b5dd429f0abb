import FeedCore
import Foundation

/// State changes shared by the public calls. Every `…Locked` function must be
/// called with `lock` held; the file names they return are deleted after unlocking.
extension RangeStore {
    /// Deletes the named files from the cache folder.
    func remove(_ names: [String]) {
        for name in names { CacheFileIO.remove(name, in: folder) }
    }

    /// Seconds since 1970, strictly increasing, for `CacheIndex`.
    func nowLocked() -> Double {
        lastTime = max(Date().timeIntervalSince1970, lastTime + 0.000_001)
        return lastTime
    }

    /// Adds an empty entry for `key` with a fresh data file incarnation.
    func makeEntryLocked(_ key: CacheKey) -> Entry {
        let entry = Entry(key: key, incarnation: nextIncarnation)
        nextIncarnation += 1
        entries[key] = entry
        recordLocked(entry)
        flushDebt.indexChanged = true
        return entry
    }

    /// Tells the kind's `CacheIndex` what `entry` holds now, and that it was used now.
    func recordLocked(_ entry: Entry) {
        indexes[entry.key.kind]?.record(entry.key, bytesHeld: entry.ranges.totalBytes,
                                        totalBytes: entry.contentLength.map { Int($0) }, at: nowLocked())
    }

    /// Marks `entry` as used now. Persisted with the next flush, but does
    /// not schedule one: playback reads should not rewrite the index twice a second.
    func touchLocked(_ entry: Entry) {
        indexes[entry.key.kind]?.touch(entry.key, at: nowLocked())
        flushDebt.accessChanged = true
    }

    /// Forgets `key`; returns its data file's name for deletion, nil when it had no entry.
    func dropLocked(_ key: CacheKey) -> String? {
        guard let entry = entries.removeValue(forKey: key) else { return nil }
        indexes[key.kind]?.remove(key)
        flushDebt.unsyncedKeys.remove(key)
        flushDebt.indexChanged = true
        return CacheFileName.data(for: key, incarnation: entry.incarnation)
    }

    /// Drops what `CacheIndex` says to evict for each kind over budget
    /// (least recently used first, down to 90%, never pinned); returns the
    /// file names to delete.
    func evictLocked() -> [String] {
        let pinned = Set(pins.keys)
        var doomed: [String] = []
        for kind in CacheKey.Kind.allCases {
            guard let evictions = indexes[kind]?.evictions(pinned: pinned) else { continue }
            for key in evictions {
                byteCounters.evictedBytes += Int64(entries[key]?.ranges.totalBytes ?? 0)
                if let name = dropLocked(key) { doomed.append(name) }
            }
        }
        if !doomed.isEmpty { scheduleFlushLocked() }
        return doomed
    }
}
