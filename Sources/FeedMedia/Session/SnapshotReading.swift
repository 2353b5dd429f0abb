/// What a ``SessionSnapshot`` reads beyond the session's own values, each
/// only when asked for: the cache's report (it takes the store's lock,
/// which the streaming threads share), the shown video's playhead (two
/// queries through its pipeline; it moves without updates), and the last
/// frame each player holds (a frame kept by a snapshot keeps its decoder's
/// buffer out of its pool).
public struct SnapshotReading: OptionSet, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The media cache's statistics and problem, in the diagnostics.
    public static let cacheReport = SnapshotReading(rawValue: 1 << 0)
    /// The shown video's position and duration.
    public static let playhead = SnapshotReading(rawValue: 1 << 1)
    /// The last frame of each player's post, for a page mounted now.
    public static let heldFrames = SnapshotReading(rawValue: 1 << 2)
}
