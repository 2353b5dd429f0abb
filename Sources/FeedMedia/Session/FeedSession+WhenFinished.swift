import FeedCore

/// When a post is over: a video or sound that reached its end, or a photo
/// whose shown time ran out, loops, pages on or stays as FeedCore's
/// ``PostEnding`` says, from the `when-finished` preference. Paging on is
/// the view's to do (with its animation): the session asks with
/// `.advance`. GTK thread only.
extension FeedSession {
    /// The timed post, its start (monotonic µs) and length (s), for the
    /// view's progress line; nil when nothing is timed.
    package var postTime: (index: Int, startedAt: Int, seconds: Int)? {
        postTimer.running.map { ($0.index, $0.startedAt, $0.seconds) }
    }

    /// The user did something on the current post: its shown time starts again.
    package func userActed() {
        MainActor.assertIsolated()
        if postTimer.restart() { emit(.postTimeChanged) }
    }

    /// The post at `index` as ``PostEnding`` sees it; nil past the items.
    func endingPost(at index: Int) -> PostEnding.Post? {
        guard let item = item(at: index) else { return nil }
        switch item.kind {
        case .image: return .photo
        case .audio: return .sound
        case .video: return isSilentLoop(at: index) ? .silentLoop : .video
        }
    }

    /// Whether the page at `index` shows an error card.
    private func showsError(at index: Int) -> Bool {
        (index == current && health.currentError != nil) || postTimer.stillFailedIndex == index
    }

    /// Whether `index` is the last post of a feed that has no more.
    private func lastOfEndedFeed(_ index: Int) -> Bool {
        feed.placeholderCount == 0 && index == count - 1
    }

    /// Times the current post or not, after every plan and every change of
    /// what bears on it (the preference, an error, the window hidden).
    func applyPostTimer() {
        if postTimer.stillFailedIndex != current { postTimer.stillFailedIndex = nil }
        let changed: Bool
        if let post = endingPost(at: current),
           PostEnding.timesPost(whenFinished: preferences.whenFinished, post: post, showsError: showsError(at: current),
                                lastOfEndedFeed: lastOfEndedFeed(current),
                                visible: preferences.conditions.visibility == .visible) {
            changed = postTimer.run(index: current, seconds: preferences.photoSeconds)
        } else {
            changed = postTimer.stop()
        }
        if changed { emit(.postTimeChanged) }
    }

    /// The picture of the page at `index` could not be shown.
    func stillFailed(at index: Int) {
        guard index == current else { return }
        postTimer.stillFailedIndex = index
        applyPostTimer()
    }

    /// The post at `index` is over: loop it, ask the view to page on, or leave it.
    func postIsOver(at index: Int, trigger: PostEnding.Trigger) {
        guard index == current, let post = endingPost(at: index) else { return }
        let input = PostEnding.Input(whenFinished: preferences.whenFinished, post: post, trigger: trigger,
                                     showsError: showsError(at: index), lastOfEndedFeed: lastOfEndedFeed(index))
        switch PostEnding.decide(input) {
        case .restart:
            guard let player = pool.player(for: index) else { return }
            player.seek(to: 0, accurate: false)
            if !userPaused { player.play() }
        case .advance:
            emit(.advance(from: index))
        case .stay:
            break
        }
    }
}
