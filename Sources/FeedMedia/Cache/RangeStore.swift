import FeedCore
import FeedGObject
import Foundation

/// The on-disk byte-range cache: per key a sparse data file, and one index
/// (`index.json`) of what each file holds.
///
/// Thread-safe: GStreamer streaming threads read, fetches write (on the
/// store's disk queue, `writeIfPresent(_:offset:data:completion:)`), the GTK
/// thread pins, sets budgets and asks for status. One lock guards the state
/// below; it is held for bookkeeping and `open(2)`, never while bytes are
/// read, written or synced, and nothing here waits on the network. What the
/// GTK thread asks for never waits on the disk: deleting files runs on the
/// disk queue, syncing and index writes on the flush queue.
///
/// FeedCore decides, this acts: `ByteRangeSet` keeps each key's ranges and
/// `CacheIndex` (one per kind) picks what to evict; the store deletes files.
///
/// Crash safety: the index never claims bytes that are not durably on disk.
/// A write claims its range only after `pwrite` returned; a flush snapshots
/// the index, `fdatasync`s every file written since the last flush, then
/// replaces `index.json` atomically. Opening drops entries whose file is
/// missing or shorter than their last claimed byte, and deletes files no
/// entry names. A key that is dropped and stored again gets a new data file
/// (its incarnation), so an older index never points at newer bytes.
///
/// One store per folder: two would delete each other's files as orphans, so
/// opening takes an exclusive `flock` on the folder's `lock` file and throws
/// when another store (in this or another process) holds it. The kernel
/// drops the lock when a process dies, so a crash never leaves it stuck.
/// `@unchecked Sendable`: the state is under `lock`; files are written on the disk thread only; `folder` and `directory` are constant.
public final class RangeStore: @unchecked Sendable {
    /// One key's state. Only under `lock`.
    struct Entry {
        var key: CacheKey
        /// Names the data file; a fresh one each time the key is stored anew.
        var incarnation: UInt64
        var contentLength: Int64?
        var contentType: String?
        var etag: String?
        var lastModified: String?
        var ranges = ByteRangeSet()
        /// CRC-32 of each block's held bytes (see ``FeedCore/CacheBlocks``), by block; 0 past the end.
        var sums: [UInt32] = []
        /// Played as the current post, or prepared to its first frame, before
        /// (``RangeStore/markPlayed(_:)``).
        var played = false

        func sum(of block: Int) -> UInt32 { block < sums.count ? sums[block] : 0 }
    }

    /// How long index writes are held back after a change, in seconds.
    static let flushDelay = 0.5

    /// The cache folder. Immutable.
    let directory: URL
    /// The folder, held open: every file is reached relative to it. Immutable.
    let folder: CacheFolder
    /// Runs debounced flushes: `fdatasync` and index writes (every store's).
    var flushThread: WorkerThreads { .cacheIndex }
    /// Runs every write and file deletion, in order: one writer at a time,
    /// so a block's checksum is read, extended and claimed by one writer
    /// (every store's, on one thread).
    var diskThread: WorkerThreads { .cacheDisk }
    /// The open `lock` file holding the folder's exclusive `flock`; nil
    /// only while `init` runs. Closed by `close()`.
    var folderLock: Int32?
    /// Files whose version changed at the origin, and which of them change
    /// too often to cache (``VersionChanges``). Any thread.
    public let versionChanges = VersionChanges()
    /// Guards every field below it.
    let lock = NSLock()
    /// Serialises flushes; held across their disk I/O. Taken before `lock`, never while holding it.
    let flushLock = NSLock()

    // MARK: Guarded by `lock`

    /// What is held, by key.
    var entries: [CacheKey: Entry] = [:]
    /// Sizes and last uses for eviction, one per kind, with that kind's budget.
    var indexes: [CacheKey.Kind: CacheIndex] = [:]
    /// How many readers and writers hold each key; pinned keys are never evicted.
    var pins: [CacheKey: Int] = [:]
    /// The budgets in force.
    var currentBudgets: CacheBudgets
    /// The next data file incarnation.
    var nextIncarnation: UInt64 = 1
    /// The last time handed to `CacheIndex`, in seconds since 1970; strictly increasing.
    var lastTime: Double = 0
    /// Hits, misses, writes and evictions since opening.
    var byteCounters = CacheByteCounters()
    /// What the next flush owes the disk (RangeStore+Flush).
    var flushDebt = FlushDebt()
    /// Set by `close()`: writes are refused and nothing more is flushed.
    var isClosed = false
    /// Why writes stopped for this session (a full or failing disk), once
    /// a write failed even after making room; nil while writes work.
    var writeFailure: CacheStoreError?

    /// Opens (or creates) the cache under `directory` (the app passes
    /// `$XDG_CACHE_HOME/io.github.flick.Flick/media/`). A missing or
    /// unreadable index starts empty without crashing; orphan data files (no
    /// index entry) and leftover temp files are removed at open. Files are
    /// created 0600, folders 0700. Throws `CacheStoreError.io` when the folder
    /// cannot be made or used, or another open store holds it.
    public init(directory: URL, budgets: CacheBudgets = .init()) throws {
        self.directory = directory.standardizedFileURL
        // The folder itself, never where a link would lead: the cache never
        // writes outside it.
        folder = try CacheFolder(path: self.directory.path)
        currentBudgets = budgets
        for kind in CacheKey.Kind.allCases {
            indexes[kind] = CacheIndex(budget: Self.clamped(budgets.bytes(for: kind)))
        }
        folderLock = try lockFolder()
        let loaded = RangeStoreIndexFile.load(from: folder)
        adopt(loaded)
        removeOrphans()
        lock.lock()
        let doomed = evictLocked()
        lock.unlock()
        remove(doomed)
        // Write at once what opening dropped, so a crash cannot bring it back.
        if loaded == nil || flushDebt.indexChanged { flushNow() }
    }

    deinit {
        close()
    }

    /// The budgets in force.
    public var budgets: CacheBudgets {
        lock.lock(); defer { lock.unlock() }
        return currentBudgets
    }

    /// Applies new budgets at once: evicts (least recently used first, via
    /// `CacheIndex.evictions(pinned:)`) down to 90% of each budget that is
    /// exceeded, never a pinned key.
    public func setBudgets(_ budgets: CacheBudgets) {
        lock.lock()
        currentBudgets = budgets
        for kind in CacheKey.Kind.allCases {
            indexes[kind]?.budget = Self.clamped(budgets.bytes(for: kind))
        }
        let doomed = evictLocked()
        lock.unlock()
        discard(doomed)
    }

    /// What is held for `key`; nil when nothing is known about it.
    public func info(_ key: CacheKey) -> CacheEntryInfo? {
        lock.lock(); defer { lock.unlock() }
        guard let entry = entries[key] else { return nil }
        return CacheEntryInfo(key: key, contentLength: entry.contentLength, contentType: entry.contentType,
                              etag: entry.etag, lastModified: entry.lastModified, ranges: entry.ranges,
                              status: indexes[key.kind]?.status(of: key) ?? .none,
                              bytesOnDisk: Int64(entry.ranges.totalBytes))
    }

    /// The incarnation of `key`'s entry (a new one each time the entry is
    /// made again), nil when there is none: what a fetch writes for.
    public func incarnation(of key: CacheKey) -> UInt64? {
        lock.lock(); defer { lock.unlock() }
        return entries[key]?.incarnation
    }

    /// Contiguous cached bytes available from `offset` (0 when `offset` is not held).
    public func available(_ key: CacheKey, from offset: Int64) -> Int64 {
        lock.lock(); defer { lock.unlock() }
        guard let entry = entries[key] else { return 0 }
        return Int64(entry.ranges.contiguousBytes(from: Int(offset)))
    }

    /// The gaps of `range` that still need fetching, in order. Bytes past a
    /// known content length are not gaps: they cannot be fetched.
    public func gaps(_ key: CacheKey, in range: Range<Int64>) -> [Range<Int64>] {
        lock.lock(); defer { lock.unlock() }
        var upper = range.upperBound
        if let length = entries[key]?.contentLength { upper = min(upper, length) }
        guard upper > range.lowerBound else { return [] }
        let wanted = Int(range.lowerBound)..<Int(upper)
        let ranges = entries[key]?.ranges ?? ByteRangeSet()
        return ranges.gaps(in: wanted).map { Int64($0.lowerBound)..<Int64($0.upperBound) }
    }

    /// Keeps `key` from eviction while a reader or writer uses it. Counted:
    /// each `pin` needs its own `unpin`. Pinning a key that holds nothing is fine.
    public func pin(_ key: CacheKey) {
        lock.lock(); defer { lock.unlock() }
        pins[key, default: 0] += 1
    }

    /// Releases one `pin`; when the last goes, evicts anything the pin kept over budget.
    public func unpin(_ key: CacheKey) {
        lock.lock()
        guard let count = pins[key] else {
            lock.unlock()
            assertionFailure("unpin without a pin for \(key)")
            return
        }
        pins[key] = count > 1 ? count - 1 : nil
        let doomed = count > 1 ? [] : evictLocked()
        lock.unlock()
        discard(doomed)
    }

    /// Deletes `key`'s bytes and entry, pinned or not (used on corruption:
    /// evict and fetch again once). A write in flight for it is discarded.
    public func remove(_ key: CacheKey) {
        lock.lock()
        let doomed = dropLocked(key)
        scheduleFlushLocked()
        lock.unlock()
        discard(doomed.map { [$0] } ?? [])
    }

    /// Deletes every entry of `kind`, or everything when nil, pinned or not.
    public func clear(kind: CacheKey.Kind? = nil) {
        lock.lock()
        let doomed = entries.keys.filter { kind == nil || $0.kind == kind }.compactMap(dropLocked)
        scheduleFlushLocked()
        lock.unlock()
        discard(doomed)
    }

    /// Deletes files that no entry names any more, on the disk queue (at
    /// once when already on it): their names carry an incarnation that is
    /// never used again, so a late deletion cannot touch newer bytes, and
    /// every write runs after the deletions queued before it, so the folder
    /// stays within budget plus the chunk in flight.
    func discard(_ names: [String]) {
        guard !names.isEmpty else { return }
        if isOnDiskQueue {
            remove(names)
        } else {
            diskThread.async { self.remove(names) }
        }
    }

    /// Runs `body` on the disk thread and waits for it (at once when already on it).
    func onDiskQueue<T>(_ body: () throws -> T) rethrows -> T {
        try diskThread.sync(body)
    }

    /// Waits for the writes and deletions queued so far (`flush()` and
    /// `close()` do); on the disk queue itself there is nothing to wait for.
    func waitForDiskQueue() {
        onDiskQueue {}
    }

    /// Whether this code runs on the disk queue.
    private var isOnDiskQueue: Bool { diskThread.runsHere }

    /// Why the store stopped writing (the disk is full or failing), or nil
    /// while it writes. Reads go on either way; nothing held is touched.
    public var writeProblem: CacheStoreError? {
        lock.lock(); defer { lock.unlock() }
        return writeFailure
    }

    /// Bytes held for `kind`: the sum of its entries' cached bytes.
    public func usage(kind: CacheKey.Kind) -> Int64 {
        lock.lock(); defer { lock.unlock() }
        return Int64(indexes[kind]?.totalBytes ?? 0)
    }

    /// The data file of a complete entry, for readers that want a whole
    /// file (the picture decoder). Pin the key while reading it: eviction
    /// never deletes a pinned file.
    public func completeFile(_ key: CacheKey) -> URL? {
        lock.lock(); defer { lock.unlock() }
        guard indexes[key.kind]?.status(of: key) == .complete, let entry = entries[key] else { return nil }
        return URL(fileURLWithPath: folder.path(of: CacheFileName.data(for: key, incarnation: entry.incarnation)))
    }

    /// Notes that `key`'s video was started from this cache: played as the
    /// current post, or prepared to its first frame. Kept in the index for
    /// this and later runs; nothing when not held.
    public func markPlayed(_ key: CacheKey) {
        lock.lock(); defer { lock.unlock() }
        guard entries[key]?.played == false else { return }
        entries[key]?.played = true
        flushDebt.indexChanged = true
        scheduleFlushLocked()
    }

    /// Whether `key` was started from this cache before (see `markPlayed`).
    public func wasPlayed(_ key: CacheKey) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return entries[key]?.played ?? false
    }

    /// None, partial or complete (every byte of a known length).
    public func status(_ key: CacheKey) -> CacheStatus {
        lock.lock(); defer { lock.unlock() }
        return indexes[key.kind]?.status(of: key) ?? .none
    }

    /// Bytes served, missed, written and evicted since the store was opened.
    public var counters: CacheByteCounters {
        lock.lock(); defer { lock.unlock() }
        return byteCounters
    }

    /// Every key with an entry, in order.
    public var keys: [CacheKey] {
        lock.lock(); defer { lock.unlock() }
        return entries.keys.sorted()
    }

    /// Budgets in bytes as `CacheIndex` wants them (never negative).
    static func clamped(_ bytes: Int64) -> Int {
        Int(max(bytes, 0))
    }
}
