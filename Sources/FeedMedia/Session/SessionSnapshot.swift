import FeedCore
import FeedSources

/// What a session's view and app read, as it stands at one moment: the
/// items and counts, the post shown and how it plays, the hearts, the
/// speed and volume, the preferences and the diagnostics. An immutable
/// value built by ``FeedSession/snapshot(_:)``; read it again after an
/// ``FeedSession/Update`` (or a command) to see what changed. GTK thread
/// only (its frames are GTK's).
@MainActor
public struct SessionSnapshot {
    /// Where the items come from.
    public let source: FeedSource
    /// The feed's items loaded so far.
    public let items: [FeedItem]
    /// Skeleton pages after the items while the feed may have more.
    public let placeholderCount: Int
    /// Why the last page load failed, while it is failing (the placeholders say it).
    public let loadMoreFailure: String?
    /// Whether the first page has arrived.
    public let started: Bool
    /// The index the session last planned for (-1 before its view's first push).
    public let current: Int
    /// Sound is off for every post.
    public let muted: Bool
    /// The speed and volume chosen.
    public let tuning: PlaybackTuning
    /// How the feed plays (the app's settings and the desktop).
    public let preferences: FeedSession.Preferences
    /// The feed index whose photo animates now; nil when none does.
    public let animatingIndex: Int?
    /// The timed post, its start (monotonic µs) and length (s), for the
    /// view's progress line; nil when nothing is timed.
    public let postTime: (index: Int, startedAt: Int, seconds: Int)?
    /// The post the view shows, as its player has it.
    public let shown: ShownPost
    /// Saves done, under way, and the last one's failure.
    public let saving: SaveStatus
    /// Players, counters, TTFF, the current error, the plan's conditions
    /// (and the cache's report when asked for).
    public let diagnostics: SessionDiagnostics
    /// Per-post facts: extras, hearts, sensitive posts held back.
    let facts: PostFacts
    /// The last frame of each index a player serves, and its binding's
    /// media URI (read with ``SnapshotReading/heldFrames`` only).
    let frames: [Int: (frame: VideoFrame, source: String?)]

    /// Pages in the feed now: its items, then skeleton pages while more may come.
    public var count: Int { items.count + placeholderCount }

    /// The item at `index`, if the feed has one there.
    public func item(at index: Int) -> FeedItem? { items.indices.contains(index) ? items[index] : nil }

    /// What the heart of `item` shows: the user's latest choice, else the feed's.
    public func likeState(of item: FeedItem) -> (liked: Bool, likes: Int?) { facts.likeState(of: item) }

    /// Whether `item` is liked on its server, as the server last said; nil
    /// where no server keeps its likes.
    public func likedByServer(_ item: FeedItem) -> Bool? { facts.likedByServer(item) }

    /// Whether `item` is a sensitive post held back now.
    public func isHeldBack(_ item: FeedItem) -> Bool { facts.isHeldBack(item) }

    /// What Copy link and Open give for `item`.
    public func shareTarget(of item: FeedItem) -> ShareTarget { facts.shareTarget(of: item) }

    /// The languages the post at `index` has captions in, each with its
    /// name, when there are two or more to choose from; empty otherwise.
    public func captionLanguages(at index: Int) -> [(tag: String, name: String)] {
        if index == shown.index { return shown.captionLanguages }
        return FeedSession.offeredLanguages(item(at: index)?.captions.map(\.language) ?? [])
    }

    /// The last frame of the player serving `index`, and the media URI of
    /// its binding: what a page mounted for `index` shows at once.
    public func heldFrame(at index: Int) -> (frame: VideoFrame, source: String?)? { frames[index] }
}

/// The post the view shows (the index of its last push), as its player has it.
public struct ShownPost: Sendable {
    /// The index of the page the view shows.
    public let index: Int
    /// Whether its video plays or is about to.
    public let isPlaying: Bool
    /// Where its video is, in seconds, when known (read with ``SnapshotReading/playhead`` only).
    public let position: Double?
    /// How long its video lasts, in seconds, when its player knows (read with ``SnapshotReading/playhead`` only).
    public let duration: Double?
    /// Its caption tracks: its player's once it has one, else the files named.
    public let captionTracks: Int
    /// The languages it has captions in (its files, else the tracks its
    /// player found), each with its name, when there are two or more.
    public let captionLanguages: [(tag: String, name: String)]
    /// Its HLS master's renditions (empty for media of one) and the one the user picked.
    public let renditions: (variants: [HLSVariant], forced: Int?)
}

/// The saves of a session's posts.
public struct SaveStatus: Sendable, Equatable {
    /// A save is under way.
    public let isSaving: Bool
    /// Saves that ended with a file.
    public let savesDone: Int
    /// Why the last save failed, if it did.
    public let lastFailure: SaveFailure?
}
