import FeedCore
import FeedGObject
import Foundation

extension RangeStore {
    /// Records what the origin says about the resource. If a stored entry
    /// has a different content length, ETag or Last-Modified (both sides
    /// known), or holds bytes past the new length, the stale entry is
    /// dropped first (bytes deleted), the change is noted in
    /// `versionChanges` and `true` is returned: one entry never holds bytes
    /// of two versions. Unknown values (nil) keep what was stored.
    @discardableResult
    public func setMetadata(_ key: CacheKey, contentLength: Int64?, contentType: String?, etag: String?,
                            lastModified: String? = nil) -> Bool {
        lock.lock()
        var doomed: String?
        if let stored = entries[key] {
            func changed(_ old: String?, _ new: String?) -> Bool { old != nil && new != nil && old != new }
            let lengthChanged = stored.contentLength != nil && contentLength != nil && stored.contentLength != contentLength
            let bytesPastEnd = contentLength.map { Int64(stored.ranges.ranges.last?.upperBound ?? 0) > $0 } ?? false
            if lengthChanged || changed(stored.etag, etag) || changed(stored.lastModified, lastModified) || bytesPastEnd {
                doomed = dropLocked(key)
            }
        }
        var entry = entries[key] ?? makeEntryLocked(key)
        if let contentLength { entry.contentLength = max(contentLength, 0) }
        if let contentType { entry.contentType = contentType }
        if let etag { entry.etag = etag }
        if let lastModified { entry.lastModified = lastModified }
        entries[key] = entry
        recordLocked(entry)
        flushDebt.indexChanged = true
        scheduleFlushLocked()
        lock.unlock()
        discard(doomed.map { [$0] } ?? [])
        if doomed != nil { versionChanges.record(key) }
        return doomed != nil
    }

    /// Writes the bytes of `data` (at `offset`) that the entry does not
    /// hold yet into the key's sparse data file (creating it), checksums
    /// every block they touch (see ``FeedCore/CacheBlocks``), then claims
    /// them. Bytes already held are never rewritten, so a block's checksum
    /// stays true as more of it arrives. Touches the entry and evicts others
    /// (never pinned ones) so the kind's total stays within budget plus the
    /// chunk in flight. Bytes past a known content length are ignored. A
    /// write that races a `remove`, `clear` or stale-metadata drop of its
    /// key is discarded.
    ///
    /// A full disk (ENOSPC) first makes room — least recently used entries
    /// go, never a pinned one — and the write is tried once more; when that
    /// fails too, or the disk fails otherwise (EIO, a read-only folder), the
    /// store stops writing for the session (`writeProblem`) and later
    /// writes throw `.unwritable` at once. Nothing already held is touched.
    ///
    /// Throws `CacheStoreError.diskFull` (ENOSPC), `.io` or `.unwritable`;
    /// on a throw no range is claimed. Throws `.corrupt` (and drops the
    /// entry) when bytes already held in a touched block no longer match
    /// their checksum.
    /// Runs on the store's disk queue and waits for it, so it is not an
    /// entry for the app: fetches write with
    /// ``writeIfPresent(_:offset:data:incarnation:completion:)``, which never
    /// waits. Tests and the cache's crash probe fill stores with it. `lock`
    /// is not held while writing.
    func write(_ key: CacheKey, offset: Int64, data: Data) throws {
        _ = try onDiskQueue { try write(key, offset: offset, data: data, createIfMissing: true) }
    }

    /// `write(_:offset:data:)` for a fetch whose response already recorded
    /// the entry's metadata: when the entry is gone (evicted, found
    /// corrupt, dropped as another version) nothing is written and false
    /// is returned, so a download of a dropped version never makes a new
    /// entry that lacks its length and validators.
    func writeIfPresent(_ key: CacheKey, offset: Int64, data: Data) throws -> Bool {
        try onDiskQueue { try write(key, offset: offset, data: data, createIfMissing: false) }
    }

    /// `incarnation`: the entry the bytes were fetched for; when the entry
    /// was dropped and made again since (a new version of the file), the
    /// bytes are not written and the answer is false.
    private func write(_ key: CacheKey, offset: Int64, data: Data, createIfMissing: Bool,
                       incarnation: UInt64? = nil) throws -> Bool {
        precondition(offset >= 0, "cache writes start at a non-negative offset")
        precondition(diskThread.runsHere, "cache writes run on the disk thread")
        lock.lock()
        guard !isClosed else {
            lock.unlock()
            throw CacheStoreError.io(tr("it is closed"))
        }
        guard createIfMissing || entries[key] != nil,
              incarnation == nil || entries[key]?.incarnation == incarnation else {
            lock.unlock()
            return false
        }
        if let writeFailure {
            lock.unlock()
            throw CacheStoreError.unwritable(writeFailure.description)
        }
        let entry = entries[key] ?? makeEntryLocked(key)
        var count = Int64(data.count)
        if let length = entry.contentLength { count = max(0, min(count, length - offset)) }
        let gaps = count > 0 ? entry.ranges.gaps(in: Int(offset)..<Int(offset + count)) : []
        guard !gaps.isEmpty else {
            lock.unlock()
            return true
        }
        let name = CacheFileName.data(for: key, incarnation: entry.incarnation)
        let fd: Int32
        do {
            fd = try CacheFileIO.openForWriting(name, in: folder)
        } catch {
            lock.unlock()
            stopWriting(error)
            throw error
        }
        lock.unlock()
        defer { CacheFileIO.close(fd) }

        let gapBytes = gaps.reduce(0) { $0 + $1.count }
        do {
            try writeGaps(gaps, of: data, at: offset, fd: fd, name: name)
        } catch let error as CacheStoreError where error.isDiskFull {
            guard freeRoom(atLeast: Int64(max(gapBytes, Self.roomAfterDiskFull)),
                           keeping: key).bytes > 0 else {
                stopWriting(error)
                throw error
            }
            do {
                try writeGaps(gaps, of: data, at: offset, fd: fd, name: name)
            } catch {
                stopWriting(error)
                throw error
            }
        } catch let error as CacheStoreError {
            stopWriting(error)
            throw error
        }
        var after = entry.ranges
        for gap in gaps { after.insert(gap) }
        let sums: [Int: UInt32]
        do {
            sums = try checksums(of: gaps, data: data, at: Int(offset), before: entry, after: after, fd: fd, name: name)
        } catch let error as CacheStoreError {
            if case .corrupt = error { remove(key) }
            throw error
        }

        lock.lock()
        var doomed: [String] = []
        if var current = entries[key], current.incarnation == entry.incarnation {
            for gap in gaps { current.ranges.insert(gap) }
            for (block, sum) in sums {
                if current.sums.count <= block { current.sums += [UInt32](repeating: 0, count: block + 1 - current.sums.count) }
                current.sums[block] = sum
            }
            entries[key] = current
            flushDebt.unsyncedKeys.insert(key)
            byteCounters.writtenBytes += Int64(gapBytes)
            recordLocked(current)
            doomed = evictLocked()
            scheduleFlushLocked()
        }
        lock.unlock()
        discard(doomed)
        return true
    }

    /// `writeIfPresent(_:offset:data:)` on the store's disk queue, so that
    /// a fetch on the GTK thread never waits on `pwrite` (or on making room
    /// on a full disk): `completion` runs on that queue with the outcome.
    /// Writes queued this way land in the order they were queued.
    public func writeIfPresent(_ key: CacheKey, offset: Int64, data: Data, incarnation: UInt64? = nil,
                               completion: @escaping @Sendable (Result<Bool, any Error>) -> Void) {
        diskThread.async {
            completion(Result { try self.write(key, offset: offset, data: data, createIfMissing: false,
                                               incarnation: incarnation) })
        }
    }

    /// Bytes a full disk makes room for before a write is tried again: 8 MiB.
    static let roomAfterDiskFull = 8 * 1_048_576

    private func writeGaps(_ gaps: [Range<Int>], of data: Data, at offset: Int64, fd: Int32, name: String) throws {
        for gap in gaps {
            let start = data.startIndex + (gap.lowerBound - Int(offset))
            try CacheFileIO.write(fd, data.subdata(in: start..<(start + gap.count)), at: Int64(gap.lowerBound), what: name)
        }
    }

    /// Drops least recently used entries (never a pinned one, nor `key`)
    /// until `bytes` are freed or none is left; returns the bytes freed
    /// and the keys dropped.
    @discardableResult
    func freeRoom(atLeast bytes: Int64, keeping key: CacheKey?) -> (bytes: Int64, keys: Set<CacheKey>) {
        lock.lock()
        let candidates = entries.values.filter { $0.key != key && pins[$0.key] == nil }
            .map { ($0.key, indexes[$0.key.kind]?.entries[$0.key]?.lastAccess ?? 0, Int64($0.ranges.totalBytes)) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        var freed: Int64 = 0
        var dropped = Set<CacheKey>()
        var doomed: [String] = []
        for (candidate, _, held) in candidates where freed < bytes {
            byteCounters.evictedBytes += held
            if let name = dropLocked(candidate) { doomed.append(name) }
            dropped.insert(candidate)
            freed += held
        }
        if !doomed.isEmpty { scheduleFlushLocked() }
        lock.unlock()
        remove(doomed)
        return (freed, dropped)
    }

    /// Stops writing for the session, keeping the first reason.
    private func stopWriting(_ error: any Error) {
        lock.lock()
        if writeFailure == nil { writeFailure = error as? CacheStoreError ?? .io("\(error)") }
        lock.unlock()
    }

    /// The new checksum of every block the `gaps` just written touch, read
    /// back from the file; the bytes the block held before are checked
    /// against their old checksum first, so corruption is never blessed.
    ///
    /// The common case reads nothing: bytes arriving in order after all a
    /// block held extend its CRC-32 from the new bytes alone (zlib's CRC
    /// runs on), so a sequential download never reads back what it wrote.
    private func checksums(of gaps: [Range<Int>], data: Data, at offset: Int, before: Entry, after: ByteRangeSet,
                           fd: Int32, name: String) throws -> [Int: UInt32] {
        var blocks = Set<Int>()
        for gap in gaps { blocks.formUnion(CacheBlocks.touching(gap)) }
        let written = ByteRangeSet(gaps)
        var sums: [Int: UInt32] = [:]
        for block in blocks.sorted() {
            let old = CacheBlocks.heldPieces(of: block, in: before.ranges)
            let new = CacheBlocks.heldPieces(of: block, in: written)
            if let firstNew = new.first, old.last.map({ $0.upperBound <= firstNew.lowerBound }) ?? true {
                sums[block] = BlockChecksum.extending(before.sum(of: block), startedEmpty: old.isEmpty,
                                                      with: new, in: data, base: offset)
                continue
            }
            let held = CacheBlocks.heldPieces(of: block, in: after)
            guard let first = held.first, let last = held.last else { continue }
            let bytes = try CacheFileIO.read(fd, length: last.upperBound - first.lowerBound, at: Int64(first.lowerBound), what: name)
            guard bytes.count == last.upperBound - first.lowerBound else {
                throw CacheStoreError.corrupt("\(before.key) (the file is shorter than its ranges)")
            }
            if !old.isEmpty, BlockChecksum.of(old, in: bytes, base: first.lowerBound) != before.sum(of: block) {
                throw CacheStoreError.corrupt("\(before.key) (block \(block) fails its checksum)")
            }
            sums[block] = BlockChecksum.of(held, in: bytes, base: first.lowerBound)
        }
        return sums
    }

    /// Reads `length` bytes at `offset` if all of them are cached, else nil.
    /// Every block the read touches is read whole (its held part) and
    /// checked against its checksum before a byte is returned. Touches the
    /// entry. A read that runs past a known content length is cut at it
    /// (empty at or past the end), as a file read would be.
    ///
    /// Throws `CacheStoreError.corrupt` when claimed bytes cannot be read
    /// back or fail their checksum; the caller removes the key and fetches
    /// again. Any thread; the lock is not held while reading.
    public func read(_ key: CacheKey, offset: Int64, length: Int) throws -> Data? {
        var span: VerifiedSpan?
        return try read(key, offset: offset, length: length, reusing: &span)
    }

    /// Bytes a reader has already had checked: the held part of some whole
    /// blocks of one incarnation of an entry, as read and verified. Held
    /// bytes never change within an incarnation, so a later read inside
    /// the span is served from it without reading the file again (a
    /// demuxer's small reads would otherwise re-read a block each).
    public struct VerifiedSpan: Sendable {
        let key: CacheKey
        let incarnation: UInt64
        /// File offset of `bytes`' first byte.
        let base: Int
        let bytes: Data
        /// The bytes of the span that were held, and so checked, when it was
        /// read: a hole then (read as zeros) may hold bytes by now.
        let held: ByteRangeSet

        func covers(_ range: Range<Int>) -> Bool {
            held.contains(range)
        }
    }

    /// `read(_:offset:length:)`, first looking in `span` (the reader's last
    /// checked bytes) and leaving there what it read and checked this time.
    public func read(_ key: CacheKey, offset: Int64, length: Int, reusing span: inout VerifiedSpan?) throws -> Data? {
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
        if let span, span.key == key, span.incarnation == entry.incarnation, span.covers(wanted) {
            lock.unlock()
            let start = span.bytes.startIndex + (wanted.lowerBound - span.base)
            return span.bytes.subdata(in: start..<(start + wanted.count))
        }
        // Opened under the lock: the descriptor then names the file whose
        // bytes were just checked, even if the key is dropped right after.
        let name = CacheFileName.data(for: key, incarnation: entry.incarnation)
        let fd: Int32?
        do {
            fd = try CacheFileIO.openForReading(name, in: folder)
        } catch {
            fd = nil
        }
        lock.unlock()

        guard let fd else { throw CacheStoreError.corrupt("\(key) (its file is gone)") }
        defer { CacheFileIO.close(fd) }
        let blocks = CacheBlocks.touching(wanted)
        let verified = try verifiedBytes(entry, blocks: blocks, fd: fd, name: name)
        let checked = ByteRangeSet(blocks.flatMap { CacheBlocks.heldPieces(of: $0, in: entry.ranges) })
        span = VerifiedSpan(key: key, incarnation: entry.incarnation, base: verified.base, bytes: verified.bytes,
                            held: checked)
        let start = verified.bytes.startIndex + (wanted.lowerBound - verified.base)
        return verified.bytes.subdata(in: start..<(start + wanted.count))
    }

    /// The held bytes of `blocks`, read in one piece from the first held
    /// byte of the first block, each block checked against its checksum.
    private func verifiedBytes(_ entry: Entry, blocks: Range<Int>, fd: Int32,
                               name: String) throws -> (bytes: Data, base: Int) {
        let pieces = blocks.map { CacheBlocks.heldPieces(of: $0, in: entry.ranges) }
        guard let first = pieces.first(where: { !$0.isEmpty })?.first,
              let last = pieces.last(where: { !$0.isEmpty })?.last else { return (Data(), 0) }
        let bytes: Data
        do {
            bytes = try CacheFileIO.read(fd, length: last.upperBound - first.lowerBound, at: Int64(first.lowerBound), what: name)
        } catch {
            throw CacheStoreError.corrupt("\(entry.key) (\(error))")
        }
        guard bytes.count == last.upperBound - first.lowerBound else {
            throw CacheStoreError.corrupt("\(entry.key) (the file is shorter than its ranges)")
        }
        for (block, held) in zip(blocks, pieces) where !held.isEmpty {
            guard BlockChecksum.of(held, in: bytes, base: first.lowerBound) == entry.sum(of: block) else {
                throw CacheStoreError.corrupt("\(entry.key) (block \(block) fails its checksum)")
            }
        }
        return (bytes, first.lowerBound)
    }

    /// Checks every held byte of `key` against its block checksums, a
    /// block at a time (pictures, before they are decoded from the file).
    /// A mismatch drops the entry and returns false; nothing held is true.
    public func verify(_ key: CacheKey) -> Bool {
        lock.lock()
        guard let entry = entries[key], let last = entry.ranges.ranges.last else {
            lock.unlock()
            return true
        }
        let name = CacheFileName.data(for: key, incarnation: entry.incarnation)
        let fd = try? CacheFileIO.openForReading(name, in: folder)
        lock.unlock()
        guard let fd else {
            remove(key)
            return false
        }
        defer { CacheFileIO.close(fd) }
        for block in CacheBlocks.touching(0..<last.upperBound) {
            do {
                _ = try verifiedBytes(entry, blocks: block..<(block + 1), fd: fd, name: name)
            } catch {
                remove(key)
                return false
            }
        }
        return true
    }
}
