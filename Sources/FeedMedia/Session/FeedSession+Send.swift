import FeedCore
import Foundation

/// The one way the view and the app act on a session (``SessionCommand``)
/// and the one value they read back (``SessionSnapshot``). GTK thread only.
extension FeedSession {
    /// Does what `command` asks; what happened comes back as updates to the
    /// attached view, and shows in the next ``snapshot(_:)``.
    public func send(_ command: SessionCommand) {
        MainActor.assertIsolated()
        switch command {
        case .play: play()
        case .pause: pause()
        case .togglePlayback: togglePlayback()
        case .seekBy(let delta): seek(by: delta)
        case .seekTo(let seconds, let accurate): seek(to: seconds, accurate: accurate)
        case .step(let frames, let from): step(frames: frames, from: from)
        case .retry: retry()
        case .userActed: userActed()
        case .mute(let muted): setMuted(muted)
        case .volume(let volume): setVolume(volume)
        case .rate(let rate): setRate(rate)
        case .holdFaster(let holding): holdFaster(holding)
        case .captionLanguage(let tag): chooseCaptionLanguage(tag)
        case .rendition(let index): pool.player(for: view.input.currentIndex)?.forceRendition(index)
        case .toggleLike(let item): toggleLike(item)
        case .keepLikes(let store, let address): keepLikes(in: store, source: address)
        case .save(let index, let folder): saveAsked(at: index, into: folder)
        case .cancelSave: saver?.cancel()
        case .showSensitive(let id): showSensitive(id)
        case .retryLoadMore: retryLoadMore()
        case .loadMore: feed.paginate(landedAt: max(0, feed.items.count - 1))
        case .requestStill(let index, let box, let fit): requestStill(at: index, box: box, fit: fit)
        case .cancelStill(let index, let request): cancelStill(at: index, request: request)
        case .animation(let index, let playing, let box, let fit):
            setAnimation(at: index, playing: playing, box: box, fit: fit)
        case .framePainted(let index): framePainted(at: index)
        case .preferences(let preferences): self.preferences = preferences
        case .conditions(let conditions): preferences.conditions = conditions
        }
    }

    /// What the view and the app read, as it stands now, with what
    /// `reading` asks for beyond the session's own values.
    public func snapshot(_ reading: SnapshotReading = []) -> SessionSnapshot {
        MainActor.assertIsolated()
        let shownIndex = view.input.currentIndex
        let player = pool.player(for: shownIndex)
        let shown = ShownPost(index: shownIndex, isPlaying: player?.isPlaying ?? false,
                              position: reading.contains(.playhead) ? player?.position : nil,
                              duration: reading.contains(.playhead) ? player?.duration : nil,
                              captionTracks: captionTracks(at: shownIndex),
                              // The menu that lists them is the shown post's; the others' come from their items.
                              captionLanguages: captionLanguages(at: shownIndex),
                              renditions: player?.renditions ?? ([], nil))
        var frames: [Int: (frame: VideoFrame, source: String?)] = [:]
        if reading.contains(.heldFrames) {
            for index in wiring.framedIndices { frames[index] = heldFrame(at: index) }
        }
        return SessionSnapshot(source: source, items: feed.items, placeholderCount: feed.placeholderCount,
                               loadMoreFailure: feed.loadMoreFailure, started: feed.started, current: current,
                               muted: muted, tuning: tuning, preferences: preferences,
                               animatingIndex: stills.animatingIndex, postTime: postTime, shown: shown,
                               saving: saveStatus, diagnostics: diagnostics(at: shownIndex, cache: reading.contains(.cacheReport)),
                               facts: facts, frames: frames)
    }
}
