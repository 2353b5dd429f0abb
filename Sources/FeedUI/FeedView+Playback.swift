import FeedCore
import FeedMedia

/// How the feed plays, as the app's settings and the desktop say: the
/// session's preferences, set through the view for convenience. GTK thread only.
extension FeedView {
    /// What the desktop reports (network, memory, power saver, device
    /// tier); the preload plan follows it at once.
    public var systemConditions: SystemMonitor.Conditions {
        get { seen.preferences.conditions }
        set { changePreferences { $0.conditions = newValue } }
    }

    /// The user's data saver: smaller startup ranges and no prepared next
    /// post, as on a metered link.
    public var dataSaver: Bool {
        get { seen.preferences.dataSaver }
        set { changePreferences { $0.dataSaver = newValue } }
    }

    /// Whether a post starts playing when it becomes current (from the
    /// next landing on); without it a post waits on its first frame.
    public var autoplay: Bool {
        get { seen.preferences.autoplay }
        set { changePreferences { $0.autoplay = newValue } }
    }

    /// What the feed does when a post is over (live).
    public var whenFinished: WhenFinished {
        get { seen.preferences.whenFinished }
        set { changePreferences { $0.whenFinished = newValue } }
    }

    /// The network condition the plan uses now (data saver included).
    public var plannedNetwork: NetworkCondition { seen.diagnostics.network }

    /// Sends the session its preferences with `change` made.
    private func changePreferences(_ change: (inout FeedSession.Preferences) -> Void) {
        var preferences = seen.preferences
        change(&preferences)
        send(.preferences(preferences))
    }
}
