import FeedGObject

/// Everything the feed widget does on a key, as named actions in the
/// widget's `feed` action group. The shortcuts window lists this same table.
public enum FeedAction: String, CaseIterable, Sendable {
    case nextPage = "next-page"
    case previousPage = "previous-page"
    case firstPage = "first-page"
    case lastPage = "last-page"
    case togglePlayback = "toggle-playback"
    case toggleMute = "toggle-mute"
    case seekForward = "seek-forward"
    case seekBackward = "seek-backward"
    case like
    /// One speed step faster or slower (0.25× to 2×), with a toast.
    case faster
    case slower
    /// The volume 10% up or down, with a toast (mute stays as it is).
    case louder
    case quieter
    /// One frame on or back, pausing first (frame by frame while paused).
    case stepForward = "step-forward"
    case stepBackward = "step-backward"
    /// Copies the current post's address to the clipboard, with a toast.
    case copyLink = "copy-link"
    /// Opens the current post's address in the browser (or the app for its type).
    case openInBrowser = "open-in-browser"
    /// Saves the current post as a file in the user's Videos or Pictures.
    case save
    /// Shows or hides the diagnostics overlay.
    case toggleDiagnostics = "toggle-diagnostics"
    /// For You: fewer posts like the current one from now on, and on to the next.
    case showFewer = "show-fewer"
    /// For You: why the current post was picked (the app says it).
    case whyThisPost = "why-this-post"

    /// The action's name within its group.
    public var name: String { rawValue }
    /// The detailed name to activate it from a widget inside the feed.
    public var detailedName: String { "feed.\(rawValue)" }

    /// Key triggers, in GtkShortcutTrigger syntax. Space is left for play/pause.
    public var accelerators: [String] {
        switch self {
        case .nextPage: return ["Down", "j", "Page_Down"]
        case .previousPage: return ["Up", "k", "Page_Up"]
        case .firstPage: return ["Home"]
        case .lastPage: return ["End"]
        case .togglePlayback: return ["space"]
        case .toggleMute: return ["m"]
        case .seekForward: return ["Right"]
        case .seekBackward: return ["Left"]
        case .like: return ["l"]
        case .faster: return ["greater"]
        case .slower: return ["less"]
        case .louder: return ["plus", "equal", "KP_Add"]
        case .quieter: return ["minus", "KP_Subtract"]
        case .stepForward: return ["<Shift>Right"]
        case .stepBackward: return ["<Shift>Left"]
        case .copyLink: return ["<Control>c"]
        case .openInBrowser: return []
        case .save: return ["<Control>s"]
        case .toggleDiagnostics: return ["<Control><Shift>d"]
        case .showFewer: return ["n"]
        case .whyThisPost: return []
        }
    }

    /// What the action does, for the shortcuts window and tooltips.
    public var title: String {
        switch self {
        case .nextPage: return tr("Next post")
        case .previousPage: return tr("Previous post")
        case .firstPage: return tr("First post")
        case .lastPage: return tr("Last post")
        case .togglePlayback: return tr("Play or pause")
        case .toggleMute: return tr("Mute or unmute")
        case .seekForward: return tr("Forward 5 seconds")
        case .seekBackward: return tr("Back 5 seconds")
        case .like: return tr("Like or unlike")
        case .faster: return tr("Faster")
        case .slower: return tr("Slower")
        case .louder: return tr("Louder")
        case .quieter: return tr("Quieter")
        case .stepForward: return tr("Next frame")
        case .stepBackward: return tr("Previous frame")
        case .copyLink: return tr("Copy the link")
        case .openInBrowser: return tr("Open in the browser")
        case .save: return tr("Save the post")
        case .toggleDiagnostics: return tr("Diagnostics on or off")
        case .showFewer: return tr("Show fewer like this")
        case .whyThisPost: return tr("Why am I seeing this?")
        }
    }
}
