import FeedCore
import FeedGObject
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What `RangeStore.init` does before the store is shared: no lock needed yet,
/// though the bookkeeping helpers are still called with it held.
extension RangeStore {
    /// Takes the folder's exclusive lock; returns the descriptor that holds it.
    func lockFolder() throws -> Int32 {
        let fd = openat(folder.descriptor, CacheFileName.lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else { throw CacheFileIO.failure(tr("could not open %1$s").filled(CacheFileName.lock)) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let failure = CacheFileIO.failure(tr("could not lock %1$s").filled(directory.path))
            CacheFileIO.close(fd)
            throw busy ? CacheStoreError.io(tr("another open cache is using %1$s").filled(directory.path)) : failure
        }
        return fd
    }

    /// Takes the entries of a loaded index whose data files hold every claimed byte.
    func adopt(_ index: RangeStoreIndexFile?) {
        lock.lock()
        defer { lock.unlock() }
        guard let index else {
            flushDebt.indexChanged = true
            return
        }
        nextIncarnation = index.nextIncarnation
        for stored in index.entries {
            nextIncarnation = max(nextIncarnation, stored.incarnation &+ 1)
            guard entries[stored.key] == nil else {
                flushDebt.indexChanged = true
                continue
            }
            let name = CacheFileName.data(for: stored.key, incarnation: stored.incarnation)
            // Read back from disk, so checked: offsets from 0 to a terabyte.
            guard (stored.ranges.ranges.first?.lowerBound ?? 0) >= 0,
                  (stored.ranges.ranges.last?.upperBound ?? 0) <= 1 << 40, (stored.length ?? 0) >= 0 else {
                flushDebt.indexChanged = true
                continue
            }
            let end = Int64(stored.ranges.ranges.last?.upperBound ?? 0)
            let lengthOK = stored.length.map { $0 >= end } ?? true
            // Every block with held bytes must have its checksum.
            let sums = stored.sums.flatMap(BlockChecksum.decode) ?? []
            let sumsOK = sums.count >= CacheBlocks.touching(0..<Int(end)).upperBound
            if !lengthOK || !sumsOK || (end > 0 && (CacheFileIO.size(name, in: folder) ?? -1) < end) {
                flushDebt.indexChanged = true
                continue
            }
            let entry = Entry(key: stored.key, incarnation: stored.incarnation, contentLength: stored.length,
                              contentType: stored.type, etag: stored.etag, lastModified: stored.lastModified,
                              ranges: stored.ranges, sums: sums, played: stored.played ?? false)
            entries[stored.key] = entry
            indexes[stored.key.kind]?.record(stored.key, bytesHeld: stored.ranges.totalBytes,
                                             totalBytes: stored.length.map { Int($0) }, at: stored.lastAccess)
            lastTime = max(lastTime, stored.lastAccess)
        }
    }

    /// Deletes data and temp files that no entry names.
    func removeOrphans() {
        lock.lock()
        let live = Set(entries.values.map { CacheFileName.data(for: $0.key, incarnation: $0.incarnation) })
        lock.unlock()
        remove(folder.names().filter { CacheFileName.isOwned($0) && !live.contains($0) })
    }
}

extension RangeStore {
    /// Opens the store as `init` does, on the index thread (reading the
    /// index, sweeping orphans and the first flush touch the disk), and
    /// hands it, or why it could not be opened, to `answer` on the GTK
    /// thread: the GTK thread never waits for a cache folder.
    public static func openInBackground(directory: URL, budgets: CacheBudgets,
                            answer: @escaping @MainActor @Sendable (Result<RangeStore, Error>) -> Void) {
        WorkerThreads.cacheIndex.async {
            let result = Result { try RangeStore(directory: directory, budgets: budgets) }
            MainThreadHop.reply(result, to: answer)
        }
    }
}
