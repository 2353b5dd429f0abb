/// Which playback driver a feed view runs: Flick's own, or the naive
/// baseline that `flick bench --engine naive` measures Flick against.
public enum PlaybackEngine: String, Sendable, CaseIterable, Codable {
    /// A bounded pool of reused players following FeedCore's preload plan:
    /// the next post is prepared, startup ranges are preloaded and read
    /// through the media cache.
    case flick
    /// What a developer gets by putting one player in every page: a new
    /// playbin when a page becomes current, playing straight from the URL;
    /// no pool, no preparing ahead, no preload, no cache. For comparison only.
    case naive
}
