import FeedMedia
import Foundation

/// A feed view's hold on its session: the snapshot it read last (dropped
/// at every update, command and push, read again when next needed) and
/// whether the view is still the one attached, and the save it asked for.
/// GTK thread only.
struct SessionLink {
    /// The session as last read; nil once anything may have changed it.
    var lastSeen: SessionSnapshot?
    /// False once the view was shut down or another view was attached: it sends nothing more.
    var attached = true
    /// The save asked for and not ended yet: the post's name and the folder, for the toasts.
    var saving: (name: String, folder: URL)?
}
