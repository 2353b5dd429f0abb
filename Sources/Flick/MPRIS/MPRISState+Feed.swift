import FeedCore
import FeedUI

extension MPRISState {
    /// What `view` shows now, as MPRIS says it; a stopped player without a feed.
    @MainActor
    static func reading(_ view: FeedView?) -> MPRISState {
        guard let view else { return MPRISState() }
        var state = MPRISState()
        state.item = view.currentItem
        state.muted = view.isMuted
        state.volume = view.volume
        state.rate = view.effectiveRate
        state.canGoNext = view.currentIndex < view.count - 1
        state.canGoPrevious = view.currentIndex > 0 && view.count > 0
        if let item = state.item, item.kind.isPlayed {
            state.status = view.isPlaying ? .playing : .paused
            state.duration = view.currentDuration
        }
        return state
    }
}
