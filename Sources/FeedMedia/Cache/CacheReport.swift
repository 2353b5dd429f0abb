/// What the diagnostics show of the media cache, read at once: its
/// counts, the problem that stopped it writing, and how many files stream
/// uncached because they keep changing at their origin. A plain value.
public struct CacheReport: Sendable, Equatable {
    public var statistics: CacheStatistics
    /// Why the cache stopped writing (a full or failing disk), in one line; nil while it writes.
    public var problem: String?
    /// Files streamed uncached (``VersionChanges``).
    public var uncachedFiles: Int

    public init(statistics: CacheStatistics, problem: String?, uncachedFiles: Int) {
        self.statistics = statistics
        self.problem = problem
        self.uncachedFiles = uncachedFiles
    }
}
