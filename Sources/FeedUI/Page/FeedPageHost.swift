import FeedCore

/// Where a page asks for what it cannot make itself: its still and its
/// photo's animation, which the session loads and plays (the feed view
/// forwards the asks to it and routes the answers back to the page).
/// GTK thread only.
@MainActor
protocol FeedPageHost: AnyObject {
    /// Asks for the still of the item at `index`, `box` pixels in `fit`;
    /// the request's number comes back by ``FeedPage/stillRequested(_:)``
    /// unless it was answered at once.
    func page(needsStillAt index: Int, box: PixelSize, fit: ContentFit)
    /// The page no longer wants request number `request` for `index`.
    func page(dropsStillAt index: Int, request: Int)
    /// The photo at `index` should animate (`playing`) at `box` in `fit`, or stop.
    func page(animatesAt index: Int, playing: Bool, box: PixelSize, fit: ContentFit)
    /// What `page` reports changed: it became ready, its picture failed,
    /// or its frames come from another player binding.
    func pageChanged(_ page: FeedPage)
    /// `page` painted the first video frame of its binding.
    func pagePaintedFirstVideoFrame(_ page: FeedPage)
    /// The feed's volume (0…1, cubic), read and set from a page's speaker.
    var pageVolume: Double { get set }
    /// The wheel over a page's speaker: the volume by `step`, said in a toast.
    func page(stepsVolumeBy step: Double)
}
