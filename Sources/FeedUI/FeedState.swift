import FeedCore

/// What the feed shows, reported whenever it changes (and printed by
/// `flick --report-state`).
public struct FeedState: Sendable, Equatable, Codable {
    /// The page the feed is on or landing on (known as soon as a gesture or
    /// key decides it, before the animation ends).
    public var currentIndex: Int
    /// The current item's id, nil for an empty feed.
    public var currentID: String?
    /// Page widgets alive now (bounded by the mount window).
    public var mountedPages: Int
    /// Items in the feed (loaded so far, for a paginated feed).
    public var itemCount: Int
    /// Mounted pages showing a skeleton: their items have not arrived yet.
    public var skeletonPages: Int
    /// True when the pager rests on `currentIndex` (no drag, no animation).
    public var settled: Bool
    /// True once the current page shows its picture (or poster) for the
    /// current item.
    public var currentReady: Bool
    /// Playbins alive in the pool.
    public var playersAlive: Int
    /// Players holding a prerolled, paused item other than the current one.
    public var playersPrepared: Int
    /// Players in PLAYING (never more than one).
    public var playersPlaying: Int
    /// Players with sound on (never more than one).
    public var playersUnmuted: Int
    /// Whether the user has sound off.
    public var muted: Bool
    /// Time to first frame of the current item in ms, once its first video
    /// frame has been painted (0 when it was painted before it became current).
    public var ttffMilliseconds: Double?
    /// The media URI whose video frame the current page shows, nil when it
    /// shows none: lets tools check that a page never shows another item's video.
    public var currentFrameSource: String?
    /// The current item's media URI.
    public var currentURI: String?
    /// The error the current page shows (an ErrorCode name like
    /// "HTTP_ERROR"), nil while it shows none.
    public var currentError: String?
    /// Whether that error card offers Retry.
    public var currentErrorRetryable: Bool?
    /// Whether the current post shows as liked (nil on a skeleton).
    public var currentLiked: Bool?
    /// The current post's like count when the feed gives one.
    public var currentLikes: Int?
    /// Toasts shown so far (a like that did not save raises one).
    public var toastsShown: Int
    /// Whether a like request is on its way.
    public var likesPending: Bool
    /// The network as the preload plan sees it (the desktop's, with the
    /// data-saver setting applied).
    public var network: NetworkCondition?

    // The desktop experience: set after init, so they default here.
    /// The diagnostics overlay's lines while it shows, nil while hidden.
    public var diagnostics: [String]? = nil
    /// Times the feed has laid out its pages. Anything in a page changing
    /// size lays them out again; playback progress must not.
    public var feedLayouts = 0
    /// Whether the current page's seek bar shows (a video, the pager at rest).
    public var scrubberShown = false
    /// Whether the seek bar is being dragged.
    public var scrubbing = false
    /// The time of the current video's frame on screen in ms: exact while
    /// paused, whole seconds while playing; nil before its first frame.
    public var positionMilliseconds: Int? = nil
    /// Times the current page's seek bar has been drawn.
    public var scrubberDraws = 0
    /// What screen readers hear for the current page (its accessible label).
    public var currentLabel: String? = nil
    /// What the feed last announced: the current post's label and position.
    public var announcement: String? = nil
    /// What has the keyboard focus in the feed ("feed", a control's tooltip), nil outside it.
    public var focus: String? = nil
    /// Loading placeholders whose highlight sweeps now (0 with animations off).
    public var shimmersAnimating = 0
    /// Picture posts whose animation plays now (at most the current one).
    public var animationsPlaying = 0
    /// The video decoder the current post's player plugged (its GStreamer
    /// factory, `avdec_h264`, `vah264dec`, …); nil for a picture or before
    /// one is plugged.
    public var decoder: String? = nil
    /// Whether the current post is a sensitive one, covered until shown.
    public var sensitiveHidden = false
    /// How the current page shows its post under the user's fit choice
    /// (`cover` or `contain`); nil with no page.
    public var effectiveFit: ContentFit? = nil
    /// How long the current post shows before the feed pages on by itself
    /// (a photo under `when-finished` = next), in seconds; nil when untimed.
    public var postTimerSeconds: Int? = nil
    /// The speed the current video plays at (1 = normal; 2 while a press holds it).
    public var rate = 1.0
    /// The volume, 0…1 on the cubic scale (mute is `muted`).
    public var volume = 1.0
    /// A press on the video holds it at 2× (its badge shows).
    public var holdingFaster = false
    /// The volume slider on the speaker button is open.
    public var volumeSlider = false
    /// Caption tracks of the current post, and the cue on screen ("" when none shows).
    public var captionTracks = 0
    public var captionText = ""
    /// The languages the current post's Captions menu offers (none with fewer than two).
    public var captionLanguages: [String] = []
    /// Whether the current post is liked on its server (a likeURL's, or the
    /// user's account's on Mastodon or PeerTube), as it last said; nil
    /// where no server keeps its likes or none has said.
    public var currentLikedByServer: Bool? = nil
    /// The HLS rendition the current post plays (`480x854@1035505`; empty
    /// for media of one rendition), and how many distinct renditions it fetched.
    public var currentRendition = ""
    public var renditionsFetched = 0
    /// The qualities the current post's More menu lists (Automatic first; none for media of one).
    public var renditionsListed: [String] = []
    /// Posts saved as files in this run, and why the last save failed (nil when it did not).
    public var savesDone = 0
    public var saveError: String? = nil

    public init(currentIndex: Int, currentID: String?, mountedPages: Int, itemCount: Int,
                skeletonPages: Int = 0, settled: Bool = true, currentReady: Bool = false,
                playersAlive: Int = 0, playersPrepared: Int = 0, playersPlaying: Int = 0,
                playersUnmuted: Int = 0, muted: Bool = true, ttffMilliseconds: Double? = nil,
                currentFrameSource: String? = nil, currentURI: String? = nil,
                currentError: String? = nil, currentErrorRetryable: Bool? = nil,
                currentLiked: Bool? = nil, currentLikes: Int? = nil, toastsShown: Int = 0, likesPending: Bool = false) {
        self.toastsShown = toastsShown
        self.likesPending = likesPending
        self.currentLiked = currentLiked
        self.currentLikes = currentLikes
        self.currentError = currentError
        self.currentErrorRetryable = currentErrorRetryable
        self.currentFrameSource = currentFrameSource
        self.currentURI = currentURI
        self.playersAlive = playersAlive
        self.playersPrepared = playersPrepared
        self.playersPlaying = playersPlaying
        self.playersUnmuted = playersUnmuted
        self.muted = muted
        self.ttffMilliseconds = ttffMilliseconds
        self.currentIndex = currentIndex
        self.currentID = currentID
        self.mountedPages = mountedPages
        self.itemCount = itemCount
        self.skeletonPages = skeletonPages
        self.settled = settled
        self.currentReady = currentReady
    }

    enum CodingKeys: String, CodingKey {
        case currentIndex = "current_index"
        case currentID = "current_id"
        case mountedPages = "mounted_pages"
        case itemCount = "item_count"
        case skeletonPages = "skeleton_pages"
        case settled
        case currentReady = "current_ready"
        case playersAlive = "players_alive"
        case playersPrepared = "players_prepared"
        case playersPlaying = "players_playing"
        case playersUnmuted = "players_unmuted"
        case muted
        case ttffMilliseconds = "ttff_ms"
        case currentFrameSource = "current_frame_source"
        case currentURI = "current_uri"
        case currentError = "current_error"
        case currentErrorRetryable = "current_error_retryable"
        case currentLiked = "current_liked"
        case currentLikes = "current_likes"
        case toastsShown = "toasts_shown"
        case likesPending = "likes_pending"
        case sensitiveHidden = "sensitive_hidden"
        case network
        case diagnostics
        case feedLayouts = "feed_layouts"
        case scrubberShown = "scrubber_shown"
        case scrubbing
        case positionMilliseconds = "position_ms"
        case scrubberDraws = "scrubber_draws"
        case currentLabel = "current_label"
        case announcement
        case focus
        case shimmersAnimating = "shimmers_animating"
        case animationsPlaying = "animations_playing"
        case decoder
        case effectiveFit = "effective_fit"
        case postTimerSeconds = "post_timer_s"
        case rate, volume
        case holdingFaster = "holding_faster"
        case volumeSlider = "volume_slider"
        case captionTracks = "caption_tracks", captionText = "caption_text", captionLanguages = "caption_languages"
        case currentLikedByServer = "current_liked_by_server"
        case savesDone = "saves_done"
        case saveError = "save_error"
        case currentRendition = "current_rendition"
        case renditionsFetched = "renditions_fetched"
        case renditionsListed = "renditions_listed"
    }
}
