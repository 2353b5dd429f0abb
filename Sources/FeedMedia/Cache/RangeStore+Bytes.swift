import FeedCore
import Foundation

extension RangeStore {
    /// Records what the origin says about the resource. If a stored entry
    /// has a different content length or ETag (both known), or holds bytes
    /// past the new length, the stale entry is dropped first (bytes deleted)
    /// and `true` is returned. Unknown values (nil) keep what was stored.
    @discardableResult
    public func setMetadata(_ key: CacheKey, contentLength: Int64?, contentType: String?, etag: String?) -> Bool {
        lock.lock()
        var doomed: String?
        if let stored = entries[key] {
            let lengthChanged = stored.contentLength != nil && contentLength != nil && stored.contentLength != contentLength
            let etagChanged = stored.etag != nil && etag != nil && stored.etag != etag
            let bytesPastEnd = contentLength.map { Int64(stored.ranges.ranges.last?.upperBound ?? 0) > $0 } ?? false
            if lengthChanged || etagChanged || bytesPastEnd { doomed = dropLocked(key) }
        }
        var entry = entries[key] ?? makeEntryLocked(key)
        if let contentLength { entry.contentLength = max(contentLength, 0) }
        if let contentType { entry.contentType = contentType }
        if let etag { entry.etag = etag }
        entries[key] = entry
        recordLocked(entry)
        indexChanged = true
        scheduleFlushLocked()
        lock.unlock()
        doomed.map(CacheFileIO.remove)
        return doomed != nil
    }

    /// Writes `data` at `offset` into the key's sparse data file (creating
    /// it), then adds the range to the entry's `ByteRangeSet`. Touches the
    /// entry and evicts others (never pinned ones) so that the kind's total
    /// stays within budget plus the chunk in flight. Bytes past a known
    /// content length are ignored. A write that races a `remove`, `clear` or
    /// stale-metadata drop of its key is discarded.
    ///
    /// Throws `CacheStoreError.diskFull` (ENOSPC) or `.io`; on a throw no
    /// range is claimed. Any thread; the lock is not held while writing.
    public func write(_ key: CacheKey, offset: Int64, data: Data) throws {
        precondition(offset >= 0, "cache writes start at a non-negative offset")
        lock.lock()
        guard !isClosed else {
            lock.unlock()
            throw CacheStoreError.io("it is closed")
        }
        let entry = entries[key] ?? makeEntryLocked(key)
        var count = Int64(data.count)
        if let length = entry.contentLength { count = max(0, min(count, length - offset)) }
        guard count > 0 else {
            lock.unlock()
            return
        }
        let name = CacheFileName.data(for: key, incarnation: entry.incarnation)
        let fd: Int32
        do {
            fd = try CacheFileIO.openForWriting(path(name))
        } catch {
            lock.unlock()
            throw error
        }
        lock.unlock()

        defer { CacheFileIO.close(fd) }
        let bytes = count == data.count ? data : data.prefix(Int(count))
        try CacheFileIO.write(fd, bytes, at: offset, what: name)

        lock.lock()
        var doomed: [String] = []
        if var current = entries[key], current.incarnation == entry.incarnation {
            current.ranges.insert(Int(offset)..<Int(offset + count))
            entries[key] = current
            unsyncedKeys.insert(key)
            byteCounters.writtenBytes += count
            recordLocked(current)
            doomed = evictLocked()
            scheduleFlushLocked()
        }
        lock.unlock()
        doomed.forEach(CacheFileIO.remove)
    }

    /// Reads `length` bytes at `offset` if all of them are cached, else nil.
    /// Touches the entry. A read that runs past a known content length is
    /// cut at it (empty at or past the end), as a file read would be.
    ///
    /// Throws `CacheStoreError.corrupt` when claimed bytes cannot be read
    /// back; the caller removes the key and fetches again. Any thread; the
    /// lock is not held while reading.
    public func read(_ key: CacheKey, offset: Int64, length: Int) throws -> Data? {
        precondition(offset >= 0 && length >= 0, "cache reads need a non-negative offset and length")
        lock.lock()
        guard let entry = entries[key] else {
            byteCounters.missBytes += Int64(length)
            lock.unlock()
            return nil
        }
        var count = Int64(length)
        if let total = entry.contentLength { count = max(0, min(count, total - offset)) }
        let wanted = Int(offset)..<Int(offset + count)
        guard entry.ranges.contains(wanted) else {
            byteCounters.missBytes += Int64(entry.ranges.gaps(in: wanted).reduce(0) { $0 + $1.count })
            lock.unlock()
            return nil
        }
        byteCounters.hitBytes += count
        touchLocked(entry)
        guard count > 0 else {
            lock.unlock()
            return Data()
        }
        // Opened under the lock: the descriptor then names the file whose
        // bytes were just checked, even if the key is dropped right after.
        let name = CacheFileName.data(for: key, incarnation: entry.incarnation)
        let fd: Int32?
        do {
            fd = try CacheFileIO.openForReading(path(name))
        } catch {
            fd = nil
        }
        lock.unlock()

        guard let fd else { throw CacheStoreError.corrupt("\(key) (its file is gone)") }
        defer { CacheFileIO.close(fd) }
        let data: Data
        do {
            data = try CacheFileIO.read(fd, length: Int(count), at: offset, what: name)
        } catch {
            throw CacheStoreError.corrupt("\(key) (\(error))")
        }
        guard data.count == Int(count) else {
            throw CacheStoreError.corrupt("\(key) (the file is shorter than its ranges)")
        }
        return data
    }
}
