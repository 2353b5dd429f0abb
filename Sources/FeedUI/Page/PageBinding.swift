import FeedCore

/// What one binding of a ``FeedPage`` has: the post (or skeleton) and the
/// index it shows, and how far showing it got. Every bind starts from a
/// fresh value, so nothing of the last post's carries into the next; a move
/// to another index (the feed was replaced) keeps it. GTK thread only.
struct PageBinding {
    /// The feed index shown, -1 before the first bind.
    var index = -1
    /// The post shown, nil on a skeleton.
    var item: FeedItem?
    /// The page stands for a post that has not arrived.
    var isSkeleton = false
    /// The page's picture or first video frame has been painted.
    var isReady = false
    /// A video frame has been painted; the poster hides then, so the page
    /// goes poster → video, never black.
    var hasPaintedVideo = false
    /// The media URI of the player binding whose frame the page shows, nil
    /// while it shows none (diagnostics: what is really on the page).
    var frameSource: String?
    /// Why a picture post shows its card instead of the picture.
    var stillError: (code: ErrorCode, retryable: Bool)?
    /// What the picture was asked for (generation, box in device pixels,
    /// fit), so the same ask is not made twice.
    var loaded: (generation: UInt64, box: PixelSize, fit: ContentFit)?
    /// What screen readers say for the page.
    var label = ""
}
