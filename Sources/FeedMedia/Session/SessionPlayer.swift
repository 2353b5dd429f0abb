import FeedCore

/// What the session asks of one player: load an item, play, pause, seek,
/// step and mute it, read where it is, and hear its frames and events.
/// ``VideoPlayer`` is the real one; the session's tests drive a scripted
/// one, so landings, errors and retries are tested without pipelines.
/// GTK thread only.
@MainActor
package protocol SessionPlayer: AnyObject {
    /// Stable for the player's life; tells players apart in the wiring.
    var id: Int { get }
    /// The binding generation of the last load; frames and events carry it.
    var generation: UInt64 { get }
    /// What the player is doing now.
    var state: PlaybackState { get }
    /// Starting, playing or buffering.
    var isPlaying: Bool { get }
    /// Where playback is and how long the media is, in seconds, when known.
    var position: Double? { get }
    var duration: Double? { get }
    /// The decoder of the current binding's video, once one was chosen.
    /// The HLS rendition playing, `WxH@BANDWIDTH`; empty when none was chosen.
    var currentRendition: String { get }
    /// Distinct HLS renditions the binding fetched.
    var renditionsFetched: Int { get }
    /// The HLS master's renditions and the user's pick among them.
    var renditions: (variants: [HLSVariant], forced: Int?) { get }
    /// Plays one of the master's renditions for this binding (nil: automatic).
    func forceRendition(_ index: Int?)
    var decoder: (name: String, kind: DecoderKind)? { get }
    /// Whether the sound is off; whether the media starts again at its end.
    var isMuted: Bool { get set }
    var loops: Bool { get set }
    /// How fast it plays (1 = normal) and how loud (0…1, cubic).
    var rate: Double { get set }
    var volume: Double { get set }
    /// Each frame of the current binding, on the GTK thread.
    var onFrame: ((VideoFrame) -> Void)? { get set }
    /// Each event, with the generation of the binding it is about.
    var onEvent: ((PlayerEvent, UInt64) -> Void)? { get set }

    /// Each caption cue of the current binding, on the GTK thread.
    var onCue: ((CaptionCue) -> Void)? { get set }
    /// Caption tracks of the current binding (inside the media and beside it).
    var captionTrackCount: Int { get }
    /// The language of each text track inside the media (nil: untagged).
    var textLanguages: [String?] { get }
    /// Plays the text track inside the media in the language chosen or the user's.
    func chooseCaptionTrack()

    /// Binds `uri` for a `box`-pixel page in `fit`, with `caption` (a
    /// captions file) beside it; returns the new generation.
    @discardableResult
    func load(uri: String, box: PixelSize, fit: ContentFit, caption: String?) -> UInt64
    func play()
    func pause()
    /// Seeks to `seconds`, to the exact frame when `accurate`.
    func seek(to seconds: Double, accurate: Bool)
    /// Shows the frame `frames` away from `from` seconds (paused); returns
    /// the time it shows, nil when the player cannot step.
    func step(frames: Int, from: Double) -> Double?
}

extension VideoPlayer: SessionPlayer {}

extension SessionPlayer {
    /// The HLS rendition playing, `WxH@BANDWIDTH`; empty when the player
    /// chooses none (one rendition, or a player without the choice).
    public var currentRendition: String { "" }
    /// Distinct HLS renditions the binding fetched.
    public var renditionsFetched: Int { 0 }
    public var renditions: (variants: [HLSVariant], forced: Int?) { ([], nil) }
    public func forceRendition(_ index: Int?) {}
}
