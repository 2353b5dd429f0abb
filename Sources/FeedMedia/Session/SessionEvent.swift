import FeedCore
import FeedSources

/// What a part of a session tells it outside a call: a player sent a
/// frame, an event or a cue, a page of items came, a photo's time ran
/// out, a still was decoded, the buffer's verdict flipped, a like was
/// answered, the cache's disk stopped taking bytes.
/// Parts post these to their session's ``SessionInbox``; the session
/// handles each in one place (``FeedSession/receive(_:)``). Values only;
/// GTK thread only.
enum SessionEvent {
    /// A video frame of the player serving `index`, made by the binding
    /// of `source` (``PlayerWiring``: only the current binding's come).
    case frame(index: Int, frame: VideoFrame, source: String?)
    /// An event of the player serving `index` (its current binding's).
    case player(PlayerEvent, index: Int)
    /// A caption cue of the player serving `index`, at its time.
    case cue(CaptionCue, index: Int)
    /// The items, their pages or their details changed (``FeedItems``).
    case items(FeedItems.Change)
    /// The timed photo at this index is over (``PostTimer``).
    case postTimeUp(index: Int)
    /// A still, its failure or an animation frame for the view (``SessionStills``).
    case still(FeedSession.Update)
    /// The current video's buffer verdict flipped (``BufferWatch``): the plan changes.
    case bufferVerdictChanged
    /// What a server's answer to a like changed: hearts, or a toast.
    case likes([LikeEffect])
    /// The media cache's disk is full or failing: videos stream instead.
    case cacheWriteProblem(String)
}
