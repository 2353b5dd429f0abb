import FeedCore
import FeedSources
import Foundation

extension FeedSession {
    /// What the session tells its view, one value at a time, on the GTK
    /// thread. The view shows it; it never asks a player.
    public enum Update: Equatable {
        /// Items were appended, or the end or a failed page changed what
        /// the placeholder pages show.
        case itemsChanged
        /// The items were replaced (a Reload): pages follow their items.
        case itemsReplaced(ItemsReplacement)
        /// A video frame for the page at `index`, made by the binding of
        /// `source` (the item's own media URI).
        case frame(index: Int, frame: VideoFrame, source: String?)
        /// No player serves `index` any more: its page shows its still again.
        case videoReleased(index: Int)
        /// The page at `index` shows an error card; `retryable` offers Retry.
        case error(index: Int, code: ErrorCode, httpStatus: Int?, retryable: Bool)
        /// The page at `index` plays again: its error card goes.
        case errorCleared(index: Int)
        /// Sound went off or on.
        case muted(Bool)
        /// Whether a video plays (the app inhibits the screensaver) changed.
        case playing(Bool)
        /// The heart of the item with this id changed (a like, or its answer).
        case likeChanged(itemID: String)
        /// A short message for a toast (a like that did not save, a full disk).
        case toast(String)
        /// A like of a service's post, without an account on its server:
        /// the view offers to sign in (`server` is `HOST[:PORT]`).
        case signInToLike(service: ServiceAddress.Service, server: String)
        /// Something the feed reports changed (counts, TTFF, errors).
        case stateChanged
        /// Which sensitive posts are held back changed (one was shown, or
        /// the `show-sensitive` preference): their pages cover or uncover.
        case sensitiveChanged
        /// The still of the page at `index` (a picture, a poster or a
        /// first frame), decoded at the size and fit the page asked for.
        case still(index: Int, itemID: String, image: DecodedImage)
        /// The still of the page at `index` cannot be shown: why, and
        /// whether Retry may help (FeedCore's decision).
        case stillFailed(index: Int, itemID: String, failure: PictureFailure)
        /// The next frame of the animated photo at `index`.
        case animationFrame(index: Int, itemID: String, image: DecodedImage)
        /// A photo's animation started or stopped (``FeedSession/animatingIndex``).
        case animationChanged
        /// The post at `index` is over and the feed should page on (with
        /// its animation), if the view still shows it.
        case advance(from: Int)
        /// The current post's shown time started, started again or stopped
        /// (``FeedSession/postTime``).
        case postTimeChanged
        /// A caption cue of the post at `index`, at its time.
        case cue(index: Int, cue: CaptionCue)
        /// The user's like or unlike of the item with this id took (its
        /// heart shows `liked` now; the request follows): a like plays the burst.
        case likeToggled(itemID: String, liked: Bool)
        /// A frame step: the post at `index` paused and shows the frame at this time, in seconds.
        case stepped(index: Int, to: Double)
        /// The still of the page at `index` is being loaded as request
        /// number `request` (``SessionCommand/cancelStill(at:request:)``).
        case stillRequested(index: Int, request: Int)
        /// Another view was attached: this one no longer shows the session
        /// and sends nothing more (its pages may still paint once).
        case viewReplaced
        /// A save is under way: the share downloaded (0...1), nil while unknown.
        case saveProgress(Double?)
        /// The save ended: the file written, or why not.
        case saveEnded(Result<URL, SaveFailure>)

        public static func == (lhs: Update, rhs: Update) -> Bool {
            switch (lhs, rhs) {
            case (.itemsChanged, .itemsChanged), (.stateChanged, .stateChanged), (.sensitiveChanged, .sensitiveChanged),
                 (.animationChanged, .animationChanged), (.postTimeChanged, .postTimeChanged),
                 (.viewReplaced, .viewReplaced): return true
            case let (.still(i, a, x), .still(j, b, y)), let (.animationFrame(i, a, x), .animationFrame(j, b, y)):
                return i == j && a == b && x.bytes == y.bytes
            case let (.stillFailed(i, a, f), .stillFailed(j, b, g)): return i == j && a == b && f == g
            case let (.itemsReplaced(a), .itemsReplaced(b)): return a == b
            case let (.frame(i, f, s), .frame(j, g, t)): return i == j && f === g && s == t
            case let (.videoReleased(i), .videoReleased(j)), let (.errorCleared(i), .errorCleared(j)),
                 let (.advance(i), .advance(j)): return i == j
            case let (.error(i, c, s, r), .error(j, d, t, q)): return i == j && c == d && s == t && r == q
            case let (.muted(a), .muted(b)), let (.playing(a), .playing(b)): return a == b
            case let (.likeChanged(a), .likeChanged(b)), let (.toast(a), .toast(b)): return a == b
            case let (.signInToLike(s, a), .signInToLike(t, b)): return s == t && a == b
            case let (.cue(i, a), .cue(j, b)): return i == j && a == b
            case let (.likeToggled(a, x), .likeToggled(b, y)): return a == b && x == y
            case let (.stepped(i, a), .stepped(j, b)): return i == j && a == b
            case let (.stillRequested(i, a), .stillRequested(j, b)): return i == j && a == b
            case let (.saveProgress(a), .saveProgress(b)): return a == b
            case let (.saveEnded(a), .saveEnded(b)): return a == b
            default: return false
            }
        }
    }

    /// Where the items of a replaced feed went.
    public struct ItemsReplacement: Sendable, Equatable {
        /// Old index → new index, for each item still in the feed.
        public var newIndexOf: [Int: Int]
        /// The page to show now.
        public var currentIndex: Int
        /// The current item is still there (it keeps playing).
        public var keptCurrent: Bool
    }
}

/// Receives a session's updates: the feed view showing it. GTK thread only.
@MainActor
public protocol FeedSessionObserver: AnyObject {
    func feedSession(_ session: FeedSession, didUpdate update: FeedSession.Update)
}
