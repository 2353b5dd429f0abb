import FeedCore

/// What the session needs from the players behind a feed: the pool
/// (``PlayerPool``, Flick's engine) or the bench's naive baseline
/// (FlickTooling's `NaivePlayers`, one player per page). GTK thread only.
@MainActor
package protocol PlayerProvider: AnyObject {
    /// The kind of player handed out: ``VideoPlayer``, or a test's script.
    associatedtype Player: SessionPlayer
    /// Players alive now.
    var players: [Player] { get }
    /// Which feed index each player serves now.
    var assignments: [Int: Player] { get }
    /// Whether players start their video again at its end, now and later.
    var loops: Bool { get set }
    /// The rules every player's HLS rendition choice follows, now and later.
    func setRenditions(network: NetworkCondition, quality: VideoQuality)
    /// Carries out a preload plan: the `.play` entry plays (or is paused
    /// when `plays` is false), the rest is up to the provider. A player
    /// that loads an index asks `captionFor` for the captions file to play
    /// beside it. Returns the indices whose player was (re)loaded.
    @discardableResult
    func apply(_ plan: PreloadPlan, uriFor: (Int) -> String?, captionFor: (Int) -> String?, box: PixelSize, fit: ContentFit,
               muted: Bool, plays: Bool) -> [Int: Player]
    /// The player serving `index`, if any.
    func player(for index: Int) -> Player?
    /// Items moved (the feed was replaced): players follow them or are let go.
    func remap(_ newIndex: (Int) -> Int?)
    /// Frees every player (the feed was closed).
    func releaseAll()
    /// Lets go of every player but the one serving `index`.
    func releaseOthers(keeping index: Int)
    /// Players whose pipeline is at or heading for PLAYING.
    var playingCount: Int { get }
    /// Players whose element is not muted.
    var unmutedCount: Int { get }
    /// Players holding an item without playing it.
    var preparedCount: Int { get }
    /// Frames replaced before the GTK thread drew them, by every player
    /// this provider has had (including ones it destroyed).
    var coalescedFrames: Int { get }
}

extension PlayerPool: PlayerProvider {
    /// The pool keeps its players, so their own counts are the total.
    package var coalescedFrames: Int { players.reduce(0) { $0 + $1.coalescedFrames } }
}

extension PlayerProvider {
    /// The naive baseline leaves its demuxers alone.
    package func setRenditions(network: NetworkCondition, quality: VideoQuality) {}
}
