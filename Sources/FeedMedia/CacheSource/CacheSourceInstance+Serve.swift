import CGLib
internal import CGStreamer
import FeedCore
import FeedHTTP
import Foundation

/// Handing a read its bytes from the store (the element's streaming
/// thread, one read at a time, after ``waitForBytes`` found them there).
extension CacheSourceInstance {
    /// Copies the cached bytes into the buffer, shrinking it to `length`.
    func serve(store: RangeStore, key: CacheKey, offset: Int64, length: Int,
                       into buffer: UnsafeMutablePointer<GstBuffer>) -> Int32 {
        let data: Data?
        do {
            data = try store.read(key, offset: offset, length: length, reusing: &verifiedSpan)
        } catch {
            postError(FetchFailure(code: .cacheCorrupt, message: "could not read the cache: \(error)"))
            return Int32(GST_FLOW_ERROR.rawValue)
        }
        guard let data, data.count == length else {
            // Evicted or dropped between the check and the read: ask again.
            postError(FetchFailure(code: .cacheCorrupt, message: "cached bytes vanished at \(offset)"))
            return Int32(GST_FLOW_ERROR.rawValue)
        }
        // An HLS playlist past FeedCore's limits never reaches the demuxer.
        // (The store's lock is not taken under this element's.)
        let longestLine = condition.withLock { () -> Int? in
            playlist?.record(data, at: offset)
            return playlist?.longestLine
        }
        if let longestLine,
           let refusal = HLSPlaylist.refusal(length: store.info(key)?.contentLength, longestLine: longestLine) {
            postError(FetchFailure(code: .unsupportedFormat, message: refusal))
            return Int32(GST_FLOW_ERROR.rawValue)
        }
        data.withUnsafeBytes { bytes in
            _ = gst_buffer_fill(buffer, 0, bytes.baseAddress, gsize(length))
        }
        gst_buffer_resize(buffer, 0, gssize(length))
        return Int32(GST_FLOW_OK.rawValue)
    }
}
