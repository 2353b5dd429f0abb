import FeedCore
import FeedHTTP
import Foundation

/// The validators of the bytes a cache source element has handed to its
/// demuxer: the entry's ETag and length as the origin gave them, nil while
/// not known. If the store's entry changes under a read (another fetch saw
/// a new version), the file changed on the server mid-read, and the
/// element fails rather than hand over bytes of two versions.
///
/// A plain value, owned by one ``CacheSourceInstance`` under its lock.
struct ServedVersion: Equatable {
    var etag: String?
    var length: Int64?
    /// Whether any bytes were handed out yet.
    private(set) var started = false

    /// Notes that bytes of the entry `info` describes were handed out:
    /// validators learned since the first bytes fill in what was unknown;
    /// known ones stay as they were.
    mutating func learn(from info: CacheEntryInfo?) {
        guard let info else { return }
        etag = etag ?? info.etag
        length = length ?? info.contentLength
        started = true
    }

    /// The failure to report when the entry `info` describes is not the
    /// version handed out so far; nil when it is, or nothing was handed out.
    /// Only a validator known both then and now can differ: an ETag or a
    /// length learned after the first bytes were served is no change.
    func change(to info: CacheEntryInfo?) -> FetchFailure? {
        guard started, let info else { return nil }
        let etagChanged = etag != nil && info.etag != nil && etag != info.etag
        let lengthChanged = length != nil && info.contentLength != nil && length != info.contentLength
        guard etagChanged || lengthChanged else { return nil }
        return FetchFailure(code: .httpError, message: "the file changed on the server while it was read")
    }
}
