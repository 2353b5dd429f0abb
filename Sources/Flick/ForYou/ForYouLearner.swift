import CGLib
import FeedCore
import FeedSources
import FeedUI
import Foundation

/// Turns what the user does in For You into FeedCore's ``TasteSignal``s
/// for the ``TasteStore``: per post left, the share watched (seconds
/// played since its first frame over its duration, so loops count; a
/// photo's time on the page over its timer) or a quick skip (left within
/// ``TasteSignal/quickSkipSeconds`` of its first frame); coming back to a
/// post is a replay; likes, saves, copied links and "Show fewer like
/// this" as they happen. Times are the monotonic clock's. GTK thread only.
@MainActor
final class ForYouLearner {
    private let source: ForYouSource
    private let store: TasteStore
    /// The photo timer's length, in seconds (the `photo-seconds` setting).
    private let photoSeconds: @MainActor () -> Double

    /// The post on screen now and what it was given so far.
    private struct Watching {
        var item: FeedItem
        /// When its first frame showed (monotonic s), nil before.
        var readyAt: Double?
        /// Seconds of media watched so far (wall time playing × rate).
        var watched = 0.0
        /// Since when it counts now, while it plays (or shows, a photo).
        var countingSince: Double?
        var rate = 1.0
        var duration: Double?
    }

    private var watching: Watching?
    /// Posts left already: landing on one again is a replay.
    private var left: Set<String> = []

    init(source: ForYouSource, store: TasteStore, photoSeconds: @escaping @MainActor () -> Double) {
        self.source = source
        self.store = store
        self.photoSeconds = photoSeconds
    }

    /// The view's state changed: the current post, its first frame, whether it plays.
    func observe(_ state: FeedState, view: FeedView) {
        let now = Self.seconds()
        if watching?.item.id != state.currentID {
            if let watching { leave(watching, now: now) }
            watching = nil
            guard let item = view.currentItem, item.id == state.currentID else { return }
            if left.contains(item.id) { learn(.replay, about: item) }
            watching = Watching(item: item)
        }
        guard var current = watching else { return }
        // Close the stretch counted so far, then start the next one if it counts.
        if let since = current.countingSince {
            current.watched += max(0, now - since) * current.rate
            current.countingSince = nil
        }
        if state.currentReady, current.readyAt == nil { current.readyAt = now }
        current.rate = state.rate
        current.duration = view.currentDuration ?? current.duration
        let counts = current.item.kind.isPlayed ? view.isPlaying && state.currentReady : state.currentReady
        if counts { current.countingSince = now }
        watching = current
    }

    /// The user did something with a post.
    func noted(_ action: PostAction, on item: FeedItem) {
        switch action {
        case .like: learn(.like, about: item)
        case .save: learn(.save, about: item)
        case .copyLink: learn(.copyLink, about: item)
        case .showFewer: learn(.showFewer, about: item)
        case .whyThisPost: break
        }
    }

    /// The feed closes (another source, the window): the post on screen is left.
    func finish() {
        if let watching { leave(watching, now: Self.seconds()) }
        watching = nil
    }

    private func leave(_ post: Watching, now: Double) {
        left.insert(post.item.id)
        guard let readyAt = post.readyAt else { return } // never seen: it says nothing
        if now - readyAt < TasteSignal.quickSkipSeconds {
            learn(.quickSkip, about: post.item)
            return
        }
        var watched = post.watched
        if let since = post.countingSince { watched += max(0, now - since) * post.rate }
        let length = post.item.kind.isPlayed ? post.duration : photoSeconds()
        guard let length, length > 0 else { return }
        learn(.watched(share: watched / length), about: post.item)
    }

    private func learn(_ signal: TasteSignal, about item: FeedItem) {
        store.learn(signal, about: source.tasteKeys(of: item))
    }

    private static func seconds() -> Double { Double(g_get_monotonic_time()) / 1_000_000 }
}
