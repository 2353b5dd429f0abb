/// Whose bytes a fetch brings: the current item's (what the user is
/// watching) or an item the preload plan expects next.
public enum FetchPriority: String, Sendable, Hashable, CaseIterable {
    /// The current item: normal libsoup priority.
    case current
    /// Preloading: `SOUP_MESSAGE_PRIORITY_LOW` and `G_PRIORITY_LOW` reads, so
    /// the current item's requests and reads go first. May be paused.
    case speculative
}
