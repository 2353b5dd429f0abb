import FeedGObject

/// The thread that reads the user's own files for the GTK thread: folder
/// scans (a first open, a Reload) and playlist files. One at a time, in
/// the order asked; each answer goes back through ``MainThreadHop``.
public enum LocalReads {
    /// Made once, by the spawner (``WorkerThreads``).
    public static let thread = WorkerThreads(name: "flick-local-read")
}
