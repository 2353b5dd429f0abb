// Pure: values only, imports Foundation at most.

/// What the network allows, as the desktop reports it (GNetworkMonitor's
/// connectivity and `network-metered`, plus the user's data-saver setting).
public enum NetworkCondition: String, Sendable, Hashable, Codable, CaseIterable {
    /// Connected and not metered: the full plan.
    case unmetered
    /// Connected over a metered link: smaller startup ranges, fewer bytes ahead.
    case metered
    /// The user asked to save data: planned exactly like `metered`.
    case dataSaver
    /// No connectivity: nothing speculative is planned.
    case offline

    /// Whether every speculative byte costs the user: metered or data saver.
    public var isMetered: Bool {
        self == .metered || self == .dataSaver
    }
}
