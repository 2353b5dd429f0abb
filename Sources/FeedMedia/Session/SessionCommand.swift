import FeedCore
import FeedSources
import Foundation

/// Everything the view and the app ask of a session, given through one
/// entry: ``FeedSession/send(_:)``. What happened comes back as an
/// ``FeedSession/Update``; what is so now is read from the
/// ``SessionSnapshot``. A new control is one case here and, when it has
/// something to say, one update case. GTK thread only.
public enum SessionCommand {
    // MARK: The current post

    /// Plays the current post (the user's Play).
    case play
    /// Pauses the current post; it stays paused until the user plays it or lands elsewhere.
    case pause
    /// Plays a paused current post, pauses a playing one.
    case togglePlayback
    /// Seeks the current video by this many seconds (a key press: an accurate seek).
    case seekBy(Double)
    /// Seeks the current video to this time, in seconds: to the nearest
    /// key frame while a seek bar is dragged (`accurate` false).
    case seekTo(Double, accurate: Bool)
    /// Pauses and shows the frame `frames` away from the one at `from`
    /// seconds (the player's position when nil); answered by
    /// ``FeedSession/Update/stepped(index:to:)`` when the frame rate is known.
    case step(frames: Int, from: Double?)
    /// The user's Retry on an error card: a fresh budget, at once.
    case retry
    /// The user did something on the current post: its shown time starts again.
    case userActed

    // MARK: Sound and speed

    /// Sound off (true) or on for the current post and all that follow.
    case mute(Bool)
    /// The volume, 0…1 on the cubic scale (clamped; mute stays as it is).
    case volume(Double)
    /// The speed chosen, from now on; a rate ``PlaybackRate/accepted(_:)``
    /// refuses changes nothing.
    case rate(Double)
    /// A press held on the video plays it at ``PlaybackRate/held`` until let go.
    case holdFaster(Bool)

    // MARK: Captions

    /// Captions in this language from now on, in every post that has them.
    case captionLanguage(String)

    // MARK: Quality

    /// The shown post plays this rendition of its HLS master (an index in
    /// the master's order); nil: as the window and the link decide.
    case rendition(Int?)

    // MARK: Likes, saves, sensitive posts

    /// Likes or unlikes the post (optimistically); answered by
    /// ``FeedSession/Update/likeToggled(itemID:liked:)``, or by
    /// `signInToLike` when a sign-in is needed first.
    case toggleLike(FeedItem)
    /// Keeps the likes no server keeps in `store`, under the source's
    /// address (a folder's path, a feed's URL), across launches.
    case keepLikes(in: LocalLikeStore, source: String)
    /// Saves the post at an index into a folder; progress and the outcome
    /// come as `saveProgress` and `saveEnded`.
    case save(at: Int, into: URL)
    /// Stops the save under way (it ends with `saveEnded(.failure(.cancelled))`).
    case cancelSave
    /// The user chose to see the sensitive post with this id.
    case showSensitive(String)

    // MARK: Pages

    /// The user pressed Retry on a placeholder page.
    case retryLoadMore
    /// Loads the next page now, as landing on the last post would (an
    /// address that lands on a post further down looks for it there).
    case loadMore
    /// Loads the still of the page at an index for a `box`-pixel page in
    /// `fit`; answered by `stillRequested` (the request's number, when it
    /// was not answered at once), then `still` or `stillFailed`.
    case requestStill(at: Int, box: PixelSize, fit: ContentFit)
    /// The page that made request number `request` for the index no
    /// longer wants it; a newer request for the index stays.
    case cancelStill(at: Int, request: Int)
    /// Plays the animation of the photo at an index (its page is current
    /// and shows its still), or stops it (`playing` false).
    case animation(at: Int, playing: Bool, box: PixelSize, fit: ContentFit)
    /// The attached view painted the first video frame of the page at this index.
    case framePainted(at: Int)

    // MARK: Settings

    /// How the feed plays, from the app's settings and the desktop.
    case preferences(FeedSession.Preferences)
    /// What the desktop reports changed; the other preferences stay.
    case conditions(SystemMonitor.Conditions)
}
