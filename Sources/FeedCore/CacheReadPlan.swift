// Pure: values only, imports Foundation at most.
import Foundation

/// Which bytes the cache source asks the network for when a read misses.
/// Offsets in bytes, ranges half-open.
public enum CacheReadPlan {
    /// Bytes fetched past the first missing byte of a read, so sequential
    /// reads by the demuxer are not one request each.
    public static let readAheadBytes: Int64 = 512 * 1024

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
    public static func fetchRange(gapStart: Int64, readEnd: Int64, contentLength: Int64?,
                           nextCachedStart: Int64?, rangeIgnored: Bool) -> Range<Int64>? {
        var end = max(readEnd, gapStart + readAheadBytes)
        if rangeIgnored, let contentLength { end = contentLength }
        if let contentLength { end = min(end, contentLength) }
        if let nextCachedStart, nextCachedStart > gapStart, !rangeIgnored { end = min(end, nextCachedStart) }
        return end > gapStart ? gapStart..<end : nil
    }

    /// Whether a fetch that has reached `position` and stops at `end` will
    /// bring `gapStart` soon enough to wait for it rather than start another.
    public static func inFlightWillServe(position: Int64, end: Int64, gapStart: Int64) -> Bool {
        gapStart >= position && gapStart < end && gapStart - position < readAheadBytes
    }
}
