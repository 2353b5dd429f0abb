/// Why a fetch runs, so that the fetcher, which holds every running fetch,
/// is the one place that answers "is a fetch already bringing these
/// bytes?" and "which preloads are running?"; nobody keeps a list of its own.
public enum FetchPurpose: String, Sendable, Hashable, CaseIterable {
    /// Bytes someone waits for now: a player's read, a shown picture, a
    /// `flick cache preload`.
    case read
    /// A video's startup range, asked by the preload plan; the plan cancels it.
    case startupPreload
    /// A picture the preload plan wants on disk ahead; the plan cancels it.
    case picturePreload
}
