import CGLib
import FeedCore
import FeedGObject
import FeedSources
import Foundation

/// One feed being watched: its items and their pagination, the players
/// (Flick's pool or the naive baseline), the cache work, the pictures, the
/// likes, buffer health, retries and the playback metrics. GTK thread only.
///
/// The session decides through FeedCore and acts through FeedMedia; it
/// never touches a widget. A view attaches as its one observer, pushes an
/// ``Input`` after every change of what it shows and gets ``Update``s back.
/// The session outlives its view: a new view attached to it (a remount, a
/// window opened again) finds the prepared players, their last frames, the
/// decoded pictures and the cache pins where the old one left them.
@MainActor
public final class FeedSession {
    /// Which playback driver runs.
    package let engine: PlaybackEngine
    /// The players: Flick's pool, or the naive baseline's one per page.
    let pool: any PlayerProvider
    /// The pages' pictures and posters, and the current photo's animation.
    let stills: SessionStills
    /// Optimistic likes: the heart flips at once, the request follows.
    let likes: LikeController
    /// The HTTP sessions, caches and picture store shared with other sessions.
    package let media: MediaEngine

    /// The items and their pagination and details (FeedItems).
    let feed: FeedItems

    // MARK: Playback (FeedSession+Players, +Failures)

    /// The view shown now, what it said last, and whether its next push
    /// replays the players' frames.
    var view = AttachedView()
    /// Sound is off for every player while this is true; the current one
    /// plays with sound otherwise.
    package internal(set) var muted: Bool
    /// The user paused the current item; cleared on landing elsewhere.
    var userPaused = false
    /// The index the session last planned for.
    package internal(set) var current = -1
    /// The current item's error, retries, TTFF, rebuffers and the counters.
    let health: PlaybackHealth
    var wasPlaying = false
    /// Which index each player's frames and events are for, and their last frames.
    let wiring: PlayerWiring
    /// Sensitive posts held back, and those the user chose to show.
    var sensitive = SensitivePosts()
    /// The current photo's shown time under `when-finished` = next.
    let postTimer: PostTimer
    /// The speed and volume chosen (FeedSession+Tuning).
    package internal(set) var tuning = PlaybackTuning()

    /// How the feed plays, from the app's settings and the desktop.
    package var preferences = Preferences() {
        didSet { preferencesChanged(from: oldValue) }
    }

    /// - Parameters:
    ///   - media: the engine whose HTTP sessions, media cache (videos are
    ///     read through it, unless the naive baseline plays) and picture
    ///     caches the session uses.
    ///   - playerPoolSize: playbins alive at most (1...5).
    public convenience init(source: FeedSource, media: MediaEngine, playerPoolSize: Int = 3, muted: Bool = true) {
        self.init(source: source, media: media, engine: .flick, players: PlayerPool(capacity: playerPoolSize, throughput: media.throughput),
                  muted: muted)
    }

    /// A session played by the bench's naive baseline (`--engine naive`):
    /// `baseline`'s players, straight from the network, no media cache.
    package convenience init(source: FeedSource, media: MediaEngine, baseline: any PlayerProvider, muted: Bool = true) {
        self.init(source: source, media: media, engine: .naive, players: baseline, muted: muted)
    }

    /// A session on any players: the two above, and the scripted players
    /// of the session's tests (engine `.flick`: the cache reads the videos).
    package init(source: FeedSource, media: MediaEngine, engine: PlaybackEngine, players: any PlayerProvider,
                 muted: Bool = true) {
        MainActor.assertIsolated()
        // The parts tell the session what happens outside a call through
        // one inbox (``receive(_:)`` handles it all), not a closure each.
        let inbox = SessionInbox()
        feed = FeedItems(source: source, cache: engine == .flick ? media.cache : nil, inbox: inbox)
        health = PlaybackHealth(inbox: inbox)
        postTimer = PostTimer(inbox: inbox)
        self.media = media
        self.engine = engine
        self.muted = muted
        pool = players
        wiring = PlayerWiring(pool: pool, inbox: inbox)
        likes = LikeController(sender: LikeSender(session: media.http.api)) { [inbox] in inbox.post(.likes($0)) }
        likes.serviceLikes = source.serviceLikes
        stills = SessionStills(pictures: SessionPictures(remote: feed.cacheFeed ?? media.stills, decoded: media.decodedPictures),
                               inbox: inbox)
        inbox.session = self
    }

    // MARK: The view

    /// Makes `observer` the view of this session (replacing any other).
    /// Its first push lands on its current page afresh, and frames the
    /// players already hold are handed to it at once.
    public func attach(_ observer: FeedSessionObserver) {
        MainActor.assertIsolated()
        // The naive baseline's players live and die with their pages.
        if view.observer != nil, view.observer !== observer, engine == .naive { pool.releaseAll() }
        // What the old view asked for is not the new one's; it hears it is no longer shown.
        if let old = view.observer, old !== observer { old.feedSession(self, didUpdate: .viewReplaced) }
        if view.observer !== observer { apply(stills.cancelAll()) }
        view.observer = observer
        view.needsReplay = true
        // A new view counts as a new landing: its page has painted nothing yet.
        current = -1
        // And it hears whether a video plays with the first push.
        wasPlaying = false
    }

    /// `observer` is going away; the session keeps its players (the naive
    /// baseline's die with their pages).
    public func detach(_ observer: FeedSessionObserver) {
        MainActor.assertIsolated()
        guard view.observer === observer else { return }
        view.observer = nil
        apply(stills.cancelAll())
        if engine == .naive { pool.releaseAll() }
    }

    /// What the view shows now; the session re-plans from it. Ignored from
    /// a view that is not (or no longer) attached.
    public func push(_ input: Input, from observer: FeedSessionObserver) {
        MainActor.assertIsolated()
        guard observer === view.observer else { return }
        view.input = input
        update()
    }

    func emit(_ update: Update) {
        view.observer?.feedSession(self, didUpdate: update)
    }

    // MARK: What the view reads (and SessionDiagnostics)

    /// Where the items come from.
    package var source: FeedSource { feed.source }

    /// Where http(s) videos are read through and preloaded to; nil plays
    /// straight from the network (and always for the naive engine).
    package var mediaCache: MediaCache? { feed.cacheFeed?.cache }

    /// Saves posts as files (through the media cache); nil without one.
    package private(set) lazy var saver: PostSaver? = feed.cacheFeed.map { PostSaver(feed: $0) }

    /// The network as the plan sees it: data saver counts as metered.
    var networkCondition: NetworkCondition {
        PlanConditions.network(system: preferences.conditions.network, dataSaver: preferences.dataSaver)
    }

    /// Frees every player and stops every timer (the feed is closed).
    public func shutdown() {
        MainActor.assertIsolated()
        health.cancelRetry()
        _ = postTimer.stop()
        feed.stop()
        health.bufferWatch.stop()
        apply(stills.cancelAll())
        pool.releaseAll()
        wiring.reset()
        view.observer = nil
    }
}
