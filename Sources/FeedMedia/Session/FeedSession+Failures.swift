import CGLib
import FeedCore
import FeedGObject
import Foundation

/// Player events: buffering counts towards rebuffers, failures go through
/// FeedCore's retry policy, and only the current item's reach the user.
/// GTK thread only.
extension FeedSession {
    func handle(_ event: PlayerEvent, at index: Int) {
        // The player's state moved: a prepared player now reads only the disk.
        applyReaders()
        switch event {
        case .failed(let code, let message, let status):
            guard index == current else { return } // speculative failures stay quiet
            // What failed, for the log (the card says it in plain words).
            FileHandle.standardError.write(Data("flick: post \(index + 1): \(code.rawValue): \(message)\n".utf8))
            let failing = item(at: index)
            let fromCache = failing.map { CacheURI.parse(playbackURI(for: $0)) != nil } ?? false
            let versionKnown = fromCache && (failing.flatMap { feed.cacheFeed?.holdsOneVersion(of: $0) } ?? false)
            decide(RetryPolicy.Input(event: .failed(code, httpStatus: status),
                                     online: preferences.conditions.network != .offline, fromCache: fromCache,
                                     cacheVersionKnown: versionKnown),
                   status: status, index: index)
        case .bufferingStarted where index == current:
            health.bufferingStarted()
        case .bufferingEnded where index == current:
            health.bufferingEnded()
        case .playing, .paused, .prerolled, .bufferingStarted, .bufferingEnded, .looped, .ended:
            emit(.errorCleared(index: index))
            if index == current { health.currentError = nil }
        }
        if event == .ended { postIsOver(at: index, trigger: .reachedEnd) }
        // An error card up or gone changes whether a photo is timed.
        applyPostTimer()
        emitPlayingIfChanged()
        emit(.stateChanged)
    }

    private func decide(_ input: RetryPolicy.Input, status: Int?, index: Int) {
        let decision = health.decide(input)
        switch decision.action {
        case .retry(let seconds):
            scheduleRetry(after: seconds, index: index)
        case .releaseOthersAndRetry(let seconds):
            pool.releaseOthers(keeping: index)
            scheduleRetry(after: seconds, index: index)
        case .evictAndRetry:
            // The bytes on disk may be wrong: fetch them again, silently.
            if let item = item(at: index) { feed.cacheFeed?.evict(item) }
            reload(index)
        case .retryNow:
            reload(index)
        case .waitForNetwork:
            health.show(.networkUnavailable, retryable: false, counted: false)
            emit(.error(index: index, code: .networkUnavailable, httpStatus: nil, retryable: false))
        case .report(let reported):
            let retryable = RetryPolicy.isRetryable(reported, httpStatus: status)
            health.show(reported, retryable: retryable)
            emit(.error(index: index, code: reported, httpStatus: status, retryable: retryable))
        case .nothing:
            break
        }
    }

    private func scheduleRetry(after seconds: Double, index: Int) {
        let landing = current
        health.scheduleRetry(after: seconds) { [weak self] in
            guard let self, self.current == landing else { return } // stale: the user moved on
            self.reload(index)
        }
    }

    /// Opens the item at `index` again in the player serving it.
    func reload(_ index: Int) {
        guard let player = pool.player(for: index), let item = item(at: index) else { return }
        emit(.errorCleared(index: index))
        if index == current { health.currentError = nil }
        player.load(uri: playbackURI(for: item), box: view.input.pixelBox, fit: view.input.fit, caption: captionFile(at: index))
        wirePlayers()
        if index == current, !userPaused { player.play() }
    }

    /// The user's Retry: a fresh budget, at once.
    package func retry() {
        MainActor.assertIsolated()
        if retryDetails(at: current) { return }
        _ = health.decide(RetryPolicy.Input(event: .manualRetry))
        reload(current)
    }
}
