import FeedCore
import Foundation

/// A snapshot of what the range store holds for one key.
public struct CacheEntryInfo: Sendable, Equatable {
    /// The key.
    public var key: CacheKey
    /// The resource's full size in bytes, when the origin has told us.
    public var contentLength: Int64?
    /// The origin's `Content-Type`, when known.
    public var contentType: String?
    /// The origin's `ETag`, when known.
    public var etag: String?
    /// The origin's `Last-Modified`, when known.
    public var lastModified: String?
    /// The byte ranges held on disk.
    public var ranges: ByteRangeSet
    /// None, partial or complete.
    public var status: CacheStatus
    /// Bytes held for the key (the sum of `ranges`); what counts against the
    /// budget. A sparse file's allocated blocks round this up to 4 KiB pages.
    public var bytesOnDisk: Int64

    /// Creates a snapshot.
    public init(key: CacheKey, contentLength: Int64?, contentType: String?, etag: String?, lastModified: String? = nil,
                ranges: ByteRangeSet, status: CacheStatus, bytesOnDisk: Int64) {
        self.lastModified = lastModified
        self.key = key
        self.contentLength = contentLength
        self.contentType = contentType
        self.etag = etag
        self.ranges = ranges
        self.status = status
        self.bytesOnDisk = bytesOnDisk
    }
}
