import FeedCore
import FeedSources
import Foundation

/// What the user does to the current post: play, pause, seek, step a
/// frame, sound, like. The view calls these; only the session touches a
/// player. GTK thread only.
extension FeedSession {
    package func togglePlayback() {
        MainActor.assertIsolated()
        guard let player = pool.player(for: current) else { return }
        if player.isPlaying { pause() } else { play() }
    }

    package func play() {
        MainActor.assertIsolated()
        userPaused = false
        pool.player(for: current)?.play()
        emitPlayingIfChanged()
        emit(.stateChanged)
    }

    package func pause() {
        MainActor.assertIsolated()
        userPaused = true
        pool.player(for: current)?.pause()
        emitPlayingIfChanged()
        emit(.stateChanged)
    }

    package func setMuted(_ newValue: Bool) {
        MainActor.assertIsolated()
        guard newValue != muted else { return }
        muted = newValue
        pool.player(for: current)?.isMuted = newValue || isSilentLoop(at: current)
        emit(.muted(newValue))
        emit(.stateChanged)
    }

    /// Seeks the current video by `delta` seconds (accurate: a key press is one seek).
    package func seek(by delta: Double) {
        MainActor.assertIsolated()
        guard let player = pool.player(for: current), let position = player.position else { return }
        let duration = player.duration ?? .infinity
        player.seek(to: min(max(0, position + delta), max(0, duration - 0.1)), accurate: true)
    }

    /// Seeks the current video to `seconds`: to the nearest key frame while
    /// a seek bar is dragged (`accurate` false), exactly otherwise.
    package func seek(to seconds: Double, accurate: Bool = true) {
        MainActor.assertIsolated()
        pool.player(for: current)?.seek(to: seconds, accurate: accurate)
    }

    /// Shows the frame `frames` away from the one at `from` seconds, pausing
    /// first. Returns the time of the frame asked for, nil when the current
    /// post has no video or its frame rate is not known yet.
    @discardableResult
    package func step(frames: Int, from: Double?) -> Double? {
        MainActor.assertIsolated()
        guard let player = pool.player(for: current) else { return nil }
        if player.isPlaying { pause() }
        guard let from = from ?? player.position, let target = player.step(frames: frames, from: from) else { return nil }
        emit(.stepped(index: current, to: target))
        return target
    }

    // MARK: Likes

    /// What the heart of `item` shows: the user's latest choice, else the feed's.
    package func likeState(of item: FeedItem) -> (liked: Bool, likes: Int?) { facts.likeState(of: item) }

    /// The posts' extras, hearts and sensitive posts now, as values.
    var facts: PostFacts {
        PostFacts(extras: feed.allExtras, likes: likes.book,
                  service: { [source = feed.source] item in
                      let likes = source.serviceLikes(for: item)
                      return (likes != nil, likes?.canLike == true)
                  }, sensitive: sensitive)
    }

    /// Keeps the likes of posts no server likes in `store`, under the
    /// source's `address` (a folder's path, a feed's URL), across launches.
    package func keepLikes(in store: LocalLikeStore, source address: String) {
        likes.localLikes = (store, address)
        // Read after the pages were shown: their hearts are asked again.
        store.onLoaded = { [weak self] in
            guard let self else { return }
            for item in items { emit(.likeChanged(itemID: item.id)) }
        }
    }

    /// Likes or unlikes `item` (optimistically). Returns whether it was
    /// liked before (the view plays the burst when liking); nil when
    /// nothing changed because a sign-in is needed (``Update/signInToLike(service:server:)``).
    @discardableResult
    package func toggleLike(_ item: FeedItem) -> Bool? {
        MainActor.assertIsolated()
        let extras = extras(for: item.id)
        let before = likeState(of: item)
        let serviceLikes = feed.source.serviceLikes(for: item)
        let postID = extras?.servicePostID.flatMap { serviceLikes == nil ? nil : $0 }
        if postID != nil, let service = serviceLikes, !service.canLike {
            // A like that would go nowhere: the user is offered a sign-in instead.
            emit(.signInToLike(service: service.service, server: service.server))
            return nil
        }
        let effects = likes.toggle(item.id, likeURL: extras?.likeURL, servicePostID: postID, via: serviceLikes,
                                   serviceRecord: extras?.serviceRecord, liked: extras?.liked ?? false, likes: extras?.likes)
        apply(effects)
        emit(.likeToggled(itemID: item.id, liked: !before.liked))
        emit(.stateChanged) // the request is on its way now
        return before.liked
    }

    /// Whether a like request is on its way.
    var likesPending: Bool { likes.isBusy }
}

extension FeedSession {
    /// Whether the video at `index` plays or is about to.
    package func isPlaying(at index: Int) -> Bool { pool.player(for: index)?.isPlaying ?? false }
    /// Where the video at `index` is, in seconds, when known.
    package func position(at index: Int) -> Double? { pool.player(for: index)?.position }
}
