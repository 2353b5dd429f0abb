// Pure: values only, imports Foundation at most.
import Foundation

/// Which bytes the cache source asks the network for when a read misses.
/// Offsets in bytes, ranges half-open.
public enum CacheReadPlan {
    /// Bytes fetched past the first missing byte of a read, so sequential
    /// reads by the demuxer are not one request each.
    public static let readAheadBytes: Int64 = 512 * 1024
    /// The same for the post being watched (``CacheReader/watching``): what
    /// is on disk ahead of it is what its buffer health counts (``BufferAhead``), and half a
    /// MiB past the demuxer is under a second of phone video, so a cold
    /// post looked starved as soon as it played past its startup range and
    /// the posts around it lost their players. 2 MiB is about 5 s of 3
    /// Mbit/s video, and the whole of most short clips.
    public static let watchedReadAheadBytes: Int64 = 2 * 1024 * 1024

    /// The range to fetch for a read that needs bytes from `gapStart` on.
    ///
    /// - Parameters:
    ///   - gapStart: the first byte the read needs that is not cached.
    ///   - readEnd: where the read ends.
    ///   - contentLength: the file's length, when known.
    ///   - nextCachedStart: where cached bytes start again after `gapStart`, if they do.
    ///   - rangeIgnored: the server answered a Range request with the whole
    ///     file before: every request costs the bytes before its start, so
    ///     fetch everything up to the end in one go.
    ///   - readAhead: bytes past `gapStart` worth fetching in the same
    ///     request (the reader's ``CacheReader/readAheadBytes``).
    public static func fetchRange(gapStart: Int64, readEnd: Int64, contentLength: Int64?,
                                  nextCachedStart: Int64?, rangeIgnored: Bool,
                                  readAhead: Int64 = readAheadBytes) -> Range<Int64>? {
        var end = max(readEnd, gapStart + readAhead)
        if rangeIgnored, let contentLength { end = contentLength }
        if let contentLength { end = min(end, contentLength) }
        if let nextCachedStart, nextCachedStart > gapStart, !rangeIgnored { end = min(end, nextCachedStart) }
        return end > gapStart ? gapStart..<end : nil
    }

    /// Seconds a post is watched before its reads keep bytes ahead: a post
    /// paged past sooner (someone flicking through) leaves the link to the
    /// next posts' preloads, and its buffer health is first sampled about
    /// a second in.
    public static let topUpAfterSeconds = 1.0

    /// Where a read the disk served starts fetching ahead of itself, for a
    /// reader that keeps bytes ahead (the post being watched, for
    /// `watchedSeconds` ≥ ``topUpAfterSeconds``): once fewer than half of
    /// `readAhead` bytes lie on disk past `offset`, from the end of them
    /// (``fetchRange(gapStart:readEnd:contentLength:nextCachedStart:rangeIgnored:readAhead:)``
    /// says how far), so the demuxer never reaches the gap and what is on
    /// disk ahead of the playhead stays above the buffer health's low
    /// water. Nil when enough is on disk or the file is there to its end
    /// (`contentLength` unknown: nothing, the next miss asks).
    ///
    /// - Parameters:
    ///   - offset: where the served read began.
    ///   - onDisk: bytes on disk from `offset` without a gap.
    ///   - watchedSeconds: how long its reader has been watched.
    public static func topUpStart(offset: Int64, onDisk: Int64, contentLength: Int64?, readAhead: Int64,
                                  watchedSeconds: Double) -> Int64? {
        guard watchedSeconds >= topUpAfterSeconds, let contentLength, onDisk < readAhead / 2 else { return nil }
        let gapStart = offset + onDisk
        return gapStart < contentLength ? gapStart : nil
    }

    /// Seconds a read waits on a fetch that brings no byte before it asks
    /// for its gap again. A server that stalls mid-body fails sooner, by
    /// the session's read timeout; this catches a fetch whose answer never
    /// comes back to the reader at all.
    public static let stalledFetchSeconds = 5.0

    /// Whether a fetch that has reached `position` and stops at `end` will
    /// bring `gapStart` soon enough to wait for it rather than start another:
    /// within `readAhead` of where it is.
    public static func inFlightWillServe(position: Int64, end: Int64, gapStart: Int64,
                                         readAhead: Int64 = readAheadBytes) -> Bool {
        gapStart >= position && gapStart < end && gapStart - position < readAhead
    }
}
