import FeedCore
import FeedMedia

/// How the feed plays, as the app's settings and the desktop say.
/// GTK thread only.
extension FeedView {
    /// What the desktop reports (network, memory, power saver, device
    /// tier); the preload plan follows it at once.
    public var systemConditions: SystemMonitor.Conditions {
        get { playback.conditions }
        set { playback.conditions = newValue }
    }

    /// The user's data saver: smaller startup ranges and no prepared next
    /// post, as on a metered link.
    public var dataSaver: Bool {
        get { playback.dataSaver }
        set { playback.dataSaver = newValue }
    }

    /// Whether a post starts playing when it becomes current (from the
    /// next landing on); without it a post waits on its first frame.
    public var autoplay: Bool {
        get { playback.autoplay }
        set { playback.autoplay = newValue }
    }

    /// Whether a video starts again when it ends (live).
    public var loops: Bool {
        get { playback.loops }
        set { playback.loops = newValue }
    }

    /// The network condition the plan uses now (data saver included).
    public var plannedNetwork: NetworkCondition { playback.networkCondition }
}
