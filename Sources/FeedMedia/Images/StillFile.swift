import FeedCore
import Foundation

/// A remote picture's bytes on disk, ready for ``ImageDecoder``: the file,
/// and what to call when the decoder is done with it.
///
/// A plain value that crosses to the decode queue. `release` and `discard`
/// may run on any thread.
public struct StillFile: Sendable {
    /// The whole picture.
    public let url: URL
    /// Whether the bytes came from the media cache (then a picture that
    /// will not decode may be corrupt on disk, worth fetching again once).
    public let fromCache: Bool
    /// Ends the hold on the file (the cache may evict it again).
    public let release: @Sendable () -> Void
    /// Drops the bytes for good: they would not decode.
    public let discard: @Sendable () -> Void
    /// Checks the bytes against the cache's block checksums (false: they
    /// changed on disk and were dropped); blocking, for the decode queue.
    public let verify: @Sendable () -> Bool

    public init(url: URL, fromCache: Bool, release: @escaping @Sendable () -> Void = {},
                discard: @escaping @Sendable () -> Void = {}, verify: @escaping @Sendable () -> Bool = { true }) {
        self.url = url
        self.fromCache = fromCache
        self.release = release
        self.discard = discard
        self.verify = verify
    }

    /// Decodes the picture once its bytes verify; bytes that fail their
    /// checksum are CACHE_CORRUPT-like damage: `corrupt`, never decoded.
    /// Blocking; the decode queue.
    public func decode(box: PixelSize, fit: ContentFit) throws -> DecodedImage {
        guard verify() else { throw MediaDecodeError.corrupt(url.path, reason: "its bytes fail the cache's checksums") }
        return try ImageDecoder.decode(file: url, box: box, fit: fit)
    }
}

/// Brings a remote still (a photo post, or a video's poster) to disk.
/// GTK thread only.
@MainActor
public protocol RemoteStillSource: AnyObject {
    /// Calls `completion` on the GTK thread with the still's file, fetching
    /// it first when it is not on disk. The caller must `release()` it.
    func fetchStill(_ url: URL, for item: FeedItem, completion: @escaping @MainActor (Result<StillFile, RemoteImageError>) -> Void)
}
