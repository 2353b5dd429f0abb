import CGLib
import FeedCore
import FeedGObject

/// Samples the current video's buffer about once a second and keeps
/// FeedCore's verdict (``BufferHealth``): while it is unhealthy the preload
/// plan gives the link to the current item alone. GTK thread only; owned
/// by the playback coordinator.
@MainActor
final class BufferWatch {
    /// The verdict the plan uses; healthy for a new current item.
    private(set) var state = BufferHealth.State.initial
    /// Told when the verdict flips (``SessionEvent/bufferVerdictChanged``).
    private let inbox: SessionInbox
    private var timer: MainLoopSource?
    /// What to sample: the current player and, for a video read through the
    /// cache, the share of its file on disk from the start (0...1).
    private var source: (() -> (player: any SessionPlayer, cachedShare: Double?)?)?

    init(inbox: SessionInbox) {
        self.inbox = inbox
    }

    /// Starts watching a new current item read over the network (its
    /// verdict starts healthy). Sampling stops by itself once the whole
    /// file is on disk, so an idle app does not wake every second.
    func watch(_ source: @escaping () -> (player: any SessionPlayer, cachedShare: Double?)?) {
        self.source = source
        state = .initial
        if timer == nil {
            timer = MainLoopSource.timeout(milliseconds: 1000) { [weak self] in self?.sample() ?? false }
        }
    }

    /// Nothing to watch (a local file, a photo): healthy, no sampling.
    /// Answers with `.bufferVerdictChanged` when it was starving.
    func unwatch() -> [SessionEvent] {
        let flipped = !state.healthy
        stop()
        state = .initial
        return flipped ? [.bufferVerdictChanged] : []
    }

    /// Stops sampling (the feed is going away).
    func stop() {
        timer?.cancel()
        timer = nil
        source = nil
    }

    /// One sample; false when there is nothing left to watch.
    private func sample() -> Bool {
        guard let (player, cachedShare) = source?() else {
            timer = nil
            return false
        }
        if let cachedShare, cachedShare >= 1, state.healthy {
            timer = nil
            return false
        }
        guard player.state != .idle, player.state != .error else { return true }
        let (position, duration) = (player.position, player.duration)
        let sample = BufferHealth.Sample(time: Double(g_get_monotonic_time()) / 1_000_000,
                                         buffering: player.state == .buffering,
                                         secondsAhead: BufferAhead.seconds(cachedShare: cachedShare, duration: duration,
                                                                           position: position),
                                         secondsLeft: BufferAhead.secondsLeft(duration: duration, position: position))
        let next = BufferHealth.next(BufferHealth.Input(state: state, sample: sample))
        let flipped = next.healthy != state.healthy
        state = next
        if flipped { inbox.post(.bufferVerdictChanged) }
        return true
    }
}
