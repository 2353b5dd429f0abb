import CGLib
internal import CGStreamer
import FeedCore
import FeedGObject
import FeedHTTP
import Foundation

/// The Swift state of one `flickcachesrc` element.
///
/// Threads: `setURI` on the application's thread; `start`, `stop`, `size`
/// and `fill` on the pad-activating or streaming thread; `unlock` and
/// `unlockStop` on the thread changing state; `landed` and `ended` on the GTK
/// thread. Every field below is guarded by `condition`'s lock; `fill` waits
/// on it and never holds it while reading the disk.
/// `@unchecked Sendable`: `element` is constant; every other field is under `condition`'s lock.
package final class CacheSourceInstance: @unchecked Sendable {
    /// The element (not retained: it owns this object).
    let element: UnsafeMutableRawPointer
    /// Guards every field below (`serve`, in +Serve, takes it too).
    let condition = NSCondition()

    private var url: URL?
    private var key: CacheKey?
    /// For an HLS segment: its demuxer's queue, whose post's key names
    /// the reader (``SegmentQueue``); nil for a file or a playlist.
    private var segments: SegmentQueue?
    /// The key the session names this read's reader by, fixed at start:
    /// the post's for a segment (its queue moves on to the next binding
    /// while this element may still stop), else the file's own.
    private var readerKey: CacheKey?
    /// The hub the URI names: its store, fetches and counters.
    private var hubID: Int?
    private var hub: CacheSourceHub?
    /// The store read while started.
    private var store: RangeStore?
    /// unlock() was called: waits end with FLUSHING until unlockStop().
    private var flushing = false
    /// Reads that miss the disk wait until stop: the player that was
    /// prepared on this key is being reset (``holdUntilStop()``).
    private var heldUntilStop = false

    /// The fetch being waited on and what the network said of the file.
    private var fetch = SourceFetchState()
    /// The validators of the bytes handed out so far: if the store's entry
    /// changes under us, the file changed on the server mid-read.
    private var served = ServedVersion()
    /// For an HLS playlist: the bytes handed out since start. At stop, a
    /// playlist not shown to be final is dropped from the store, so it is
    /// fetched again next time.
    var playlist: PlaylistCapture?
    /// When this element's reads were first seen as the watched post's
    /// (``CacheReader/watching``); nil while they are not. Under `condition`.
    private var watchedSince: Date?

    /// Instances alive, process-wide: a leak check for tests.
    static let alive = AtomicCounter()

    init(element: UnsafeMutableRawPointer) {
        self.element = element
        Self.alive.add(1)
    }

    deinit {
        Self.alive.add(-1)
    }

    static func from(_ pointer: UnsafeMutableRawPointer) -> CacheSourceInstance {
        Unmanaged<CacheSourceInstance>.fromOpaque(pointer).takeUnretainedValue()
    }

    // MARK: GstBaseSrc calls

    func setURI(_ uri: String) -> Bool {
        guard let parsed = CacheURI.parse(uri) else { return false }
        condition.withLock {
            url = parsed.url
            key = parsed.key
            hubID = parsed.hub
        }
        return true
    }

    func start() -> Bool {
        guard let hub = condition.withLock({ hubID }).flatMap(CacheSourceHubs.hub) else {
            postError(FetchFailure(code: .cacheUnavailable, message: "the media cache this address names is closed"))
            return false
        }
        let store = hub.store
        let segments = SegmentQueue.of(source: element)
        let postKey = segments?.postKey
        let key: CacheKey? = condition.withLock {
            self.segments = segments
            readerKey = postKey ?? self.key
            self.hub = hub
            self.store = store
            flushing = false
            heldUntilStop = false
            fetch.restart()
            served = ServedVersion()
            playlist = url.map { MediaLocation($0.absoluteString) == .hls } == true ? PlaylistCapture() : nil
            return self.key
        }
        guard let key else {
            postError(FetchFailure(code: .unknown, message: "no flick-cache URI was set"))
            return false
        }
        store.pin(key)
        hub.readers.started(self, on: postKey ?? key)
        return true
    }

    func stop() {
        let (store, key, hub, playlist, readerKey) = condition.withLock {
            () -> (RangeStore?, CacheKey?, CacheSourceHub?, PlaylistCapture?, CacheKey?) in
            fetch.drop()
            defer {
                self.store = nil
                self.hub = nil
                self.playlist = nil
                self.segments = nil
            }
            return (self.store, self.key, self.hub, self.playlist, self.readerKey)
        }
        if let store, let key { store.unpin(key) }
        if let store, let key, playlist?.mayKeep(length: store.info(key)?.contentLength) == false {
            // A live or master playlist may change under its address: the
            // next open fetches it again (its segments stay).
            store.remove(key)
        }
        if let hub, let readerKey { hub.readers.stopped(self, on: readerKey) }
        hub?.post(.cancel(self))
    }

    /// The file's length in bytes, for basesrc, which asks on the thread
    /// opening the pipeline (the GTK thread): it never waits. Players open
    /// a `flick-cache` URI only once the length is known (``CacheOpenGate``).
    func size() -> Int64? {
        let (store, key, end) = condition.withLock { (self.store, self.key, fetch.endOffset) }
        guard let store, let key else { return nil }
        return store.info(key)?.contentLength ?? end
    }

    func unlock() {
        condition.withLock {
            flushing = true
            condition.broadcast()
        }
    }

    func unlockStop() {
        condition.withLock { flushing = false }
    }

    /// Serves `length` bytes at `offset` into `buffer`, fetching what is missing.
    func fill(offset: Int64, length: Int, buffer: UnsafeMutablePointer<GstBuffer>) -> Int32 {
        condition.lock()
        switch waitForBytes(at: offset, length: length) {
        case .ready(let store, let key, let available):
            condition.unlock()
            return serve(store: store, key: key, offset: offset, length: available, into: buffer)
        case .endOfFile:
            condition.unlock()
            return Int32(GST_FLOW_EOS.rawValue)
        case .flushing:
            condition.unlock()
            return Int32(GST_FLOW_FLUSHING.rawValue)
        case .failed:
            condition.unlock()
            return Int32(GST_FLOW_ERROR.rawValue)
        }
    }

    /// What a wait for bytes ended with.
    private enum WaitOutcome {
        /// `available` bytes (at least one) at the offset are on disk.
        case ready(RangeStore, CacheKey, available: Int)
        /// The file ends at or before the offset.
        case endOfFile
        /// unlock() was called (a flush or a state change).
        case flushing
        /// The error is posted on the bus already.
        case failed
    }

    /// Called and returns with `condition` locked: waits until the bytes at
    /// `offset` (up to `length` of them, or to the end of the file) are on
    /// disk, posting a fetch of the gap to the GTK thread when none is
    /// bringing them. Failures are posted on the bus before returning.
    /// A streaming thread's (GStreamer's own, or a player's state thread):
    /// never the GTK thread, whose loop runs the fetch it would wait for.
    private func waitForBytes(at offset: Int64, length: Int) -> WaitOutcome {
        guard !Thread.isMainThread else {
            assertionFailure("a cache source read on the GTK thread would wait for the loop its fetch runs on")
            postError(FetchFailure(code: .playerFailed, message: "the cache source was read on the GTK thread"))
            return .failed
        }
        guard let store, let key, let url, let hub else {
            postError(FetchFailure(code: .unknown, message: "the cache source was read before it started"))
            return .failed
        }
        // Whether these bytes had to come from the network (a miss).
        var waited = false
        // When the wait began; a long one is reported as buffering.
        var waitStart = Date()

        // The wait was held until the post became current (see below).
        var held = false
        var reportedBuffering = false
        defer {
            if held { hub.heldReads.add(-1) }
            if reportedBuffering {
                condition.unlock()
                postBuffering(100)
                condition.lock()
            }
        }
        while true {
            if flushing { return .flushing }
            if let failure = fetch.failure {
                fetch.failure = nil
                postError(failure)
                return .failed
            }
            let info = store.info(key)
            if let changed = served.change(to: info) {
                postError(changed)
                return .failed
            }
            if store.versionChanges.isUncached(key) {
                // The origin keeps changing the file (VersionChurn): the
                // player opens it again straight from the network.
                postError(FetchFailure(code: .cacheUnavailable,
                                       message: "the file keeps changing on the server; it streams uncached"))
                return .failed
            }
            let total = info?.contentLength ?? fetch.endOffset
            if let total, offset >= total { return .endOfFile }
            let readEnd = total.map { min(offset + Int64(length), $0) } ?? offset + Int64(length)
            let available = min(store.available(key, from: offset), readEnd - offset)
            let complete = available >= readEnd - offset
            // The network said the file ends here: serve what there is.
            let atEnd = fetch.endOffset.map { offset + available >= $0 } ?? false
            if complete || (atEnd && available > 0) {
                served.learn(from: info)
                (waited ? hub.missBytes : hub.hitBytes).add(Int(available))
                topUp(after: offset, contentLength: total, store: store, key: key, url: url, hub: hub)
                return .ready(store, key, available: Int(available))
            }
            if atEnd { return .endOfFile }
            let reader = hub.readers.reader(readerKey ?? key)
            if heldUntilStop || reader.missAction == .waitUntilCurrent {
                // A prepared player reads ahead of a post that may never
                // play: only what the disk holds, until the session makes
                // it current (`readerChanged` wakes us) or a flush ends the
                // wait. Not starved, so no buffering is reported. The timed
                // wait also sees bytes another fetch brings meanwhile.
                if !held { hub.heldReads.add(1) }
                held = true
                waited = true
                _ = condition.wait(until: Date().addingTimeInterval(StarvedRead.heldRecheckSeconds))
                continue
            }
            if held {
                // Current now: a starved wait counts from here.
                hub.heldReads.add(-1)
                held = false
                waitStart = Date()
            }
            let gapStart = offset + available
            let readAhead = reader.readAheadBytes
            if fetch.stalled(now: Date()) { // an answer lost on the way: ask again, and say so
                FileHandle.standardError.write(Data("flick: cache: no bytes of \(url) for \(Int(CacheReadPlan.stalledFetchSeconds)) s; asking again\n".utf8))
                fetch.drop()
            }
            if !fetch.willServe(gapStart: gapStart, readAhead: readAhead),
               !requestFetch(from: gapStart, through: readEnd, contentLength: total, readAhead: readAhead, ahead: false,
                             store: store, key: key, url: url, hub: hub) {
                return .endOfFile
            }
            waited = true
            // A segment read ahead: what its queue still holds (the pipeline's position, the lock let go).
            var queued = 0.0
            if let segments, !reportedBuffering {
                condition.unlock()
                queued = segments.queuedSeconds()
                condition.lock()
            }
            switch StarvedRead.next(waitedSeconds: Date().timeIntervalSince(waitStart), reported: reportedBuffering,
                                    queuedSeconds: queued) {
            case .reportBuffering:
                // The demuxer is starved: say so, as network sources do, so
                // the player pauses its clock and counts a rebuffer.
                reportedBuffering = true
                condition.unlock()
                postBuffering(0)
                condition.lock()
            case .wait(let seconds):
                _ = condition.wait(until: Date().addingTimeInterval(seconds))
            }
        }
    }

    /// The watched post's player keeps bytes on disk ahead of its reads:
    /// after a read the disk served, once the post has been watched a
    /// moment, a fetch of the next stretch starts when little is left
    /// before the next gap (``CacheReadPlan``'s top-up), and the read does
    /// not wait for it. Called with `condition` locked, on the reading
    /// thread.
    private func topUp(after offset: Int64, contentLength: Int64?, store: RangeStore, key: CacheKey, url: URL,
                       hub: CacheSourceHub) {
        let reader = hub.readers.reader(readerKey ?? key)
        guard reader.keepsBytesAhead else {
            watchedSince = nil
            return
        }
        let since = watchedSince ?? Date()
        watchedSince = since
        guard !heldUntilStop, !fetch.active else { return }
        let readAhead = reader.readAheadBytes
        let onDisk = store.available(key, from: offset)
        guard let gapStart = CacheReadPlan.topUpStart(offset: offset, onDisk: onDisk, contentLength: contentLength,
                                                      readAhead: readAhead,
                                                      watchedSeconds: Date().timeIntervalSince(since)) else { return }
        _ = requestFetch(from: gapStart, through: gapStart, contentLength: contentLength, readAhead: readAhead, ahead: true,
                         store: store, key: key, url: url, hub: hub)
    }

    /// Asks the GTK thread to fetch the gap at `gapStart`: through
    /// `readEnd` and `readAhead` past the gap, stopping where the disk
    /// holds bytes again (``CacheReadPlan``'s fetch range); `ahead` when no
    /// read waits for it (a top-up). False when there is nothing to fetch
    /// (the file ends there). Called with `condition` locked.
    private func requestFetch(from gapStart: Int64, through readEnd: Int64, contentLength: Int64?, readAhead: Int64,
                              ahead: Bool, store: RangeStore, key: CacheKey, url: URL, hub: CacheSourceHub) -> Bool {
        let nextCached = store.gaps(key, in: gapStart..<max(readEnd, gapStart + readAhead)).first.map(\.upperBound)
        guard let range = CacheReadPlan.fetchRange(gapStart: gapStart, readEnd: readEnd, contentLength: contentLength,
                                                   nextCachedStart: nextCached, rangeIgnored: fetch.rangeIgnored,
                                                   readAhead: readAhead) else { return false }
        let token = fetch.begin(range, ahead: ahead)
        hub.post(.fetch(self, token: token, url: url, key: key, range: range))
        return true
    }

    /// The session changed who reads this element's key: a held read looks
    /// again, a post watched again counts its watching from now, and a
    /// `fetching` reader (the post is shown) ends a hold until stop, whose
    /// reads would otherwise never reach the network. Any thread.
    func readerChanged(fetching: Bool) {
        condition.withLock {
            // Watched again later is watched anew: its top-up waits again.
            watchedSince = nil
            if fetching { heldUntilStop = false }
            condition.broadcast()
        }
    }

    /// The session let go of the prepared post this element reads: its
    /// reads past the disk wait until the element stops. Any thread.
    func holdUntilStop() {
        condition.withLock { heldUntilStop = true }
    }

    // MARK: Answers from the GTK thread

    func landed(token: UInt64, reached: Int64) {
        condition.withLock {
            guard fetch.landed(token: token, reached: reached) else { return }
            condition.broadcast()
        }
    }

    func ended(token: UInt64, _ end: FetchResult.End, stored: Int64, rangeIgnored: Bool = false) {
        condition.withLock {
            guard fetch.ended(token: token, end, stored: stored, rangeIgnored: rangeIgnored) else { return }
            condition.broadcast()
        }
    }

    // MARK: Helpers

    /// The blocks this source last read and checked; only `serve` (on the
    /// element's streaming thread, one read at a time) touches it.
    var verifiedSpan: RangeStore.VerifiedSpan?
}
