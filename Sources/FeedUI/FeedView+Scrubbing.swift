import CGLib
import CGtk
import FeedCore
import FeedMedia

/// The seek bar and frame stepping: the current page's bar drives the
/// current player. A drag pauses the video, seeks to key frames while it
/// moves (one seek in flight, newer positions replace the waiting one) and
/// exactly where it is let go, then resumes if it was playing.
extension FeedView {
    /// Connects a newly mounted page's seek bar to the player of whatever
    /// index the page shows when it is used.
    func wireScrubber(_ page: FeedPage) {
        let scrubber = page.scrubber
        scrubber.actions.duration = { [weak self, weak page] in
            guard let self, let page else { return nil }
            let shown = page.index == self.currentIndex ? self.shownNow : nil
            return shown?.duration ?? page.item?.duration
        }
        scrubber.actions.start = { [weak self, weak page] in
            guard let self, let page, page.index == self.currentIndex,
                  self.item(at: page.index)?.kind.isPlayed == true else { return nil }
            let wasPlaying = self.isPlaying
            if wasPlaying { self.send(.pause) }
            return wasPlaying
        }
        scrubber.actions.move = { [weak self, weak page] seconds in
            guard let self, let page, page.index == self.currentIndex else { return }
            self.send(.seekTo(seconds, accurate: false))
        }
        scrubber.actions.end = { [weak self, weak page] seconds, resume in
            guard let self, let page, page.index == self.currentIndex else { return }
            self.send(.seekTo(seconds, accurate: true))
            if resume { self.send(.play) }
        }
        scrubber.actions.scrubbingChanged = { [weak self, weak page] in
            guard let self, let page, page.index == self.currentIndex else { return }
            self.reportState()
        }
        // Reported like `position_ms`: every frame while paused, whole seconds while playing.
        scrubber.actions.positionChanged = { [weak self, weak page] old, new in
            guard let self, let page, page.index == self.currentIndex else { return }
            if !self.isPlaying || old.map({ Int($0) }) != new.map({ Int($0) }) { self.reportState() }
        }
    }

    /// Whether the pager rests on the current page (no drag, no animation).
    var isSettled: Bool { pointer.drag == nil && pointer.queuedPage == nil && !isAnimating && motion.position == Double(currentIndex) }

    /// Only the current page's bar shows, and only while the pager rests:
    /// it hides as soon as paging starts and fades back once it settles.
    func updateScrubbers() {
        let settled = isSettled
        for (index, page) in pages {
            page.scrubber.setShown(settled && index == currentIndex)
        }
    }

    /// The timed post's bar counts its shown time down; every other page's does not.
    func updateCountdowns() {
        for (index, page) in pages { page.scrubber.showCountdown(countdown(at: index)) }
    }

    /// The session's timed post, if it is `index`.
    func countdown(at index: Int) -> (startedAt: Int, seconds: Int)? {
        guard let time = seen.postTime, time.index == index else { return nil }
        return (time.startedAt, time.seconds)
    }

    /// Shows the frame `frames` away from the one on screen, pausing first
    /// when the video plays (frame by frame only makes sense paused); the
    /// session answers with the frame's time (``showStep(on:at:)``).
    func step(frames: Int) {
        guard let page = pages[currentIndex] else { return }
        send(.step(frames: frames, from: page.scrubber.position))
    }

    /// The session stepped the post of `page` to the frame at `seconds`:
    /// the bar (and the next step) follow it at once.
    func showStep(on page: FeedPage, at seconds: Double) {
        page.scrubber.show(position: seconds)
    }

    /// The reported time of the current video in ms: exact while it is
    /// paused (seeks and steps land on a frame), whole seconds while it
    /// plays, so the report does not print a line per frame.
    var reportedPositionMilliseconds: Int? {
        guard let seconds = pages[currentIndex]?.scrubber.position else { return nil }
        if isPlaying { return Int(saturating: seconds) &* 1000 }
        return Int(saturatingRounded: seconds * 1000)
    }
}
