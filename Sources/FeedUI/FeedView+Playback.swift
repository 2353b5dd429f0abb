import FeedCore
import FeedMedia

/// How the feed plays, as the app's settings and the desktop say: the
/// session's preferences, set through the view for convenience. GTK thread only.
extension FeedView {
    /// What the desktop reports (network, memory, power saver, device
    /// tier); the preload plan follows it at once.
    public var systemConditions: SystemMonitor.Conditions {
        get { session.preferences.conditions }
        set { session.preferences.conditions = newValue }
    }

    /// The user's data saver: smaller startup ranges and no prepared next
    /// post, as on a metered link.
    public var dataSaver: Bool {
        get { session.preferences.dataSaver }
        set { session.preferences.dataSaver = newValue }
    }

    /// Whether a post starts playing when it becomes current (from the
    /// next landing on); without it a post waits on its first frame.
    public var autoplay: Bool {
        get { session.preferences.autoplay }
        set { session.preferences.autoplay = newValue }
    }

    /// What the feed does when a post is over (live).
    public var whenFinished: WhenFinished {
        get { session.preferences.whenFinished }
        set { session.preferences.whenFinished = newValue }
    }

    /// The network condition the plan uses now (data saver included).
    public var plannedNetwork: NetworkCondition { session.diagnostics(at: currentIndex).network }
}
