import Foundation

/// The named pools, made on first use and kept for the process's life.
/// Each is one thread unless said: work of one kind runs in order, and a
/// slow job of one kind (a large save) never holds up another (a cache
/// write the GTK thread waits for).
extension WorkerThreads {
    /// The media cache's data files: range writes and removals (the
    /// writers wait for them, so nothing slow goes here).
    public static let cacheDisk = WorkerThreads(name: "flick-cache-io")
    /// The media cache's index: the delayed flushes, opening a store, and
    /// closing it at exit once the players have stopped.
    public static let cacheIndex = WorkerThreads(name: "flick-cache-idx")
    /// Small files of Flick's own: remote pictures written to disk, the
    /// Preferences' cache sizes, the release notes.
    public static let files = WorkerThreads(name: "flick-files")
    /// Saved posts copied into the user's folder.
    public static let saves = WorkerThreads(name: "flick-saves")
    /// The likes kept on this computer, read and written.
    public static let likes = WorkerThreads(name: "flick-likes")
    /// Local files that would not preroll, read once more to say why (each
    /// may block for seconds: two threads, so one stuck file holds up no other).
    public static let probes = WorkerThreads(name: "flick-probes", count: 2)
}
