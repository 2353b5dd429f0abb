import FeedCore
import FeedGObject
import Foundation

extension RangeStore {
    /// Writes the index now: syncs the data files written since the last
    /// flush, then replaces `index.json` atomically (temp file, fsync,
    /// rename). Otherwise index writes are debounced (at most one every
    /// `flushDelay`, on a background queue) and done on `close()`. Waits
    /// for the writes and deletions queued before it, so what it writes
    /// covers them. Blocks on disk I/O: call it off the GTK thread when
    /// much may be pending.
    public func flush() {
        waitForDiskQueue()
        lock.lock()
        let closed = isClosed
        lock.unlock()
        if !closed { flushNow() }
    }

    /// Flushes what is pending and stops: later writes throw, nothing more
    /// is written to the index. Called by `deinit` when not called before.
    /// Releases the folder's lock, so another store (or process) may open it.
    public func close() {
        lock.lock()
        guard !isClosed else {
            lock.unlock()
            return
        }
        isClosed = true
        lock.unlock()
        // Writes queued before now are refused (the store is closed); deletions run.
        waitForDiskQueue()
        // No lock means `init` failed: the folder is not this store's to write.
        guard let folderLock else { return }
        flushNow()
        CacheFileIO.close(folderLock)
    }

    /// Queues a flush in `flushDelay` unless one is queued already.
    func scheduleFlushLocked() {
        guard !flushDebt.flushScheduled, !isClosed else { return }
        flushDebt.flushScheduled = true
        flushThread.after(seconds: Self.flushDelay) { [weak self] in
            guard let self else { return }
            self.lock.lock()
            self.flushDebt.flushScheduled = false
            let closed = self.isClosed
            self.lock.unlock()
            if !closed { self.flushNow() }
        }
    }

    /// Snapshot, sync, write; see `flush()`. Serialised by `flushLock`.
    func flushNow() {
        flushLock.lock()
        defer { flushLock.unlock() }

        // Every range in the snapshot was claimed after its pwrite returned,
        // so syncing the files below covers it.
        lock.lock()
        guard flushDebt.isOwed else {
            lock.unlock()
            return
        }
        var snapshot = indexFileLocked()
        let toSync = flushDebt.take().compactMap { key in entries[key].map { (key, $0.incarnation) } }
        lock.unlock()

        var unsynced: [CacheKey: UInt64] = [:]
        for (key, incarnation) in toSync {
            let name = CacheFileName.data(for: key, incarnation: incarnation)
            do {
                guard let fd = try CacheFileIO.openForReading(name, in: folder) else {
                    unsynced[key] = incarnation
                    continue
                }
                defer { CacheFileIO.close(fd) }
                try CacheFileIO.syncData(fd, what: name)
            } catch {
                unsynced[key] = incarnation
            }
        }
        // A file that could not be synced (or was dropped meanwhile) is left
        // out: the index must not claim bytes that may not be on disk.
        snapshot.entries.removeAll { unsynced[$0.key] == $0.incarnation }

        do {
            let encoded = try snapshot.encoded()
            do {
                try CacheFileIO.replaceAtomically(CacheFileName.index, in: folder, with: encoded)
            } catch let error as CacheStoreError where error.isDiskFull {
                // A full disk must not cost the index (and with it every
                // entry at the next start): make room for it, once.
                // The snapshot stays the one whose files were synced, less what was dropped.
                let room = freeRoom(atLeast: Int64(encoded.count * 2 + 65_536), keeping: nil)
                guard room.bytes > 0 else { throw error }
                snapshot.entries.removeAll { room.keys.contains($0.key) }
                try CacheFileIO.replaceAtomically(CacheFileName.index, in: folder, with: snapshot.encoded())
            }
        } catch {
            lock.lock()
            flushDebt.indexChanged = true
            scheduleFlushLocked()
            lock.unlock()
            return
        }
        guard !unsynced.isEmpty else { return }
        lock.lock()
        var doomed: [String] = []
        for (key, incarnation) in unsynced where entries[key]?.incarnation == incarnation {
            if let name = dropLocked(key) { doomed.append(name) }
        }
        scheduleFlushLocked()
        lock.unlock()
        remove(doomed)
    }

    /// The index as it stands, for writing.
    func indexFileLocked() -> RangeStoreIndexFile {
        var file = RangeStoreIndexFile()
        file.nextIncarnation = nextIncarnation
        file.entries = entries.values.sorted { $0.key < $1.key }.map { entry in
            RangeStoreIndexFile.Entry(key: entry.key, incarnation: entry.incarnation,
                                      length: entry.contentLength, type: entry.contentType, etag: entry.etag,
                                      lastModified: entry.lastModified, sums: BlockChecksum.encode(entry.sums),
                                      ranges: entry.ranges,
                                      lastAccess: indexes[entry.key.kind]?.entries[entry.key]?.lastAccess ?? 0,
                                      played: entry.played ? true : nil)
        }
        return file
    }
}
