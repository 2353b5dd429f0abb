import FeedGObject

/// Which saved source shows, and the saving of where it was left: a
/// source reopens on the post it was left on. GTK thread only, owned by
/// the app controller (AppController+Sources saves and restores).
@MainActor
struct ResumeState {
    /// The address of the saved source showing (its entry is the
    /// library's); nil for a source opened from the command line.
    var address: String?
    /// Where the source was left is being restored: saving waits.
    var restoring = false
    /// A resume point waiting to be saved (debounced, 1 s), if any.
    var pendingSave: MainLoopSource?
}
