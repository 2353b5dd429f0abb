import FeedCore

/// What the view asks of the session's stills (``SessionStills``): a
/// page's picture or poster at the page's size, and the current photo's
/// animation. Answers come as updates. GTK thread only.
extension FeedSession {
    /// Loads the still of the item at `index` for a `box`-pixel page in
    /// `fit`; answered with `.still` or `.stillFailed` (maybe at once).
    /// Replaces the index's earlier request. Returns the request's number
    /// (for ``cancelStill(at:request:)``); nil when there is no item there
    /// or the request was answered before returning (a decoded picture:
    /// the view must file the asking page under `index` before it asks).
    @discardableResult
    package func requestStill(at index: Int, box: PixelSize, fit: ContentFit) -> Int? {
        MainActor.assertIsolated()
        guard let item = item(at: index) else {
            stills.cancel(at: index)
            return nil
        }
        switch stills.request(item, at: index, box: box, fit: fit) {
        case .waiting(let request):
            emit(.stillRequested(index: index, request: request))
            return request
        case .answered(let events):
            apply(events)
            return nil
        }
    }

    /// The page that made request number `request` for `index` no longer
    /// wants it (it was rebound or unmounted); a newer request for the
    /// index from another page stays.
    package func cancelStill(at index: Int, request: Int) {
        stills.cancel(at: index, request: request)
    }

    /// Plays the animation of the photo at `index` (its page is current
    /// and shows its still) with frames of `box` pixels in `fit`, or stops
    /// it (`playing` false); frames come as `.animationFrame`.
    package func setAnimation(at index: Int, playing: Bool, box: PixelSize, fit: ContentFit) {
        MainActor.assertIsolated()
        guard playing, let item = item(at: index), item.kind == .image else { return apply(stills.stopAnimation(at: index)) }
        apply(stills.animate(item, at: index, box: box, fit: fit))
    }

    /// The feed index whose photo animates now; nil when none does.
    package var animatingIndex: Int? { stills.animatingIndex }
}
