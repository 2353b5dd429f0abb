import FeedGObject

/// Which source shows — a saved one, or For You — and the saving of
/// where a saved one was left: it reopens on the post it was left on. GTK
/// thread only, owned by the app controller (AppController+Sources saves
/// and restores, AppController+ForYou opens the mix).
@MainActor
struct ResumeState {
    /// The address of the saved source showing (its entry is the
    /// library's); nil for a source opened from the command line, and for For You.
    var address: String?
    /// Where the source was left is being restored: saving waits.
    var restoring = false
    /// A resume point waiting to be saved (debounced, 1 s), if any.
    var pendingSave: MainLoopSource?
    /// For You while it shows: its source and what learns from it.
    var forYou: ForYouShown?
}
