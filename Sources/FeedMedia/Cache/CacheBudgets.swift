import FeedCore
import Foundation

/// How many bytes the disk cache may hold, per kind of key, in bytes.
///
/// Defaults follow issue 5 (500 MB of video, 200 MB of images); the app
/// reads live values from GSettings and hands them to `RangeStore.setBudgets`.
public struct CacheBudgets: Sendable, Equatable {
    /// Budget for `CacheKey.Kind.video` entries, in bytes.
    public var videoBytes: Int64
    /// Budget for `CacheKey.Kind.image` entries, in bytes.
    public var imageBytes: Int64

    /// Creates budgets in bytes.
    public init(videoBytes: Int64 = 500_000_000, imageBytes: Int64 = 200_000_000) {
        self.videoBytes = videoBytes
        self.imageBytes = imageBytes
    }

    /// The budget that `kind` counts against, in bytes.
    public func bytes(for kind: CacheKey.Kind) -> Int64 {
        switch kind {
        case .video: return videoBytes
        case .image: return imageBytes
        }
    }
}
