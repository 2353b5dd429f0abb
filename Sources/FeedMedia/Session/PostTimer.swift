import CGLib
import FeedCore
import FeedGObject

/// The current post's shown time under `when-finished` = `next`: a photo
/// or a GIF-like clip pages on after `photo-seconds`, and any input on it
/// starts its time again. It also remembers whether the current page's
/// picture failed (its error card is up, so it is not timed). Owned by
/// ``FeedSession``; GTK thread only.
@MainActor
final class PostTimer {
    /// The timed post: its index, when its time began (monotonic µs) and
    /// how long it lasts (s). The view draws its progress line from it.
    struct Running: Equatable, Sendable {
        let index: Int
        let startedAt: Int
        let seconds: Int
    }

    private(set) var running: Running?
    /// The index whose picture could not be shown, until the feed lands elsewhere.
    var stillFailedIndex: Int?
    /// Told with the timed index when its time is up (``SessionEvent/postTimeUp(index:)``).
    private let inbox: SessionInbox
    private var source: MainLoopSource?

    init(inbox: SessionInbox) {
        self.inbox = inbox
    }

    /// Times `index` for `seconds`; a post already timed so stays as it
    /// is. Returns whether anything changed.
    func run(index: Int, seconds: Int) -> Bool {
        if let running, running.index == index, running.seconds == seconds { return false }
        start(index: index, seconds: seconds)
        return true
    }

    /// Starts the timed post's time again (the user did something on it).
    /// Returns whether a post is timed.
    func restart() -> Bool {
        guard let running else { return false }
        start(index: running.index, seconds: running.seconds)
        return true
    }

    /// Nothing is timed any more. Returns whether something was.
    func stop() -> Bool {
        source?.cancel()
        source = nil
        defer { running = nil }
        return running != nil
    }

    private func start(index: Int, seconds: Int) {
        source?.cancel()
        running = Running(index: index, startedAt: g_get_monotonic_time(), seconds: seconds)
        source = MainLoopSource.after(milliseconds: UInt32(seconds) * 1_000) { [weak self] in
            guard let self, self.running?.index == index else { return }
            self.source = nil
            self.running = nil
            self.inbox.post(.postTimeUp(index: index))
        }
    }
}
