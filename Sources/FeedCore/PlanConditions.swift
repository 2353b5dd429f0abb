// Pure: values only, imports Foundation at most.

/// What the preload plan follows, from the desktop's signals and the
/// user's settings: the data saver counts as a metered link (offline
/// stays offline), and memory pressure that begins drops the decoded
/// pictures kept for the next view (the plan drops idle players itself).
public enum PlanConditions {
    /// The network the plan sees: the system's, with the data saver applied.
    public static func network(system: NetworkCondition, dataSaver: Bool) -> NetworkCondition {
        system == .offline ? .offline : dataSaver ? .dataSaver : system
    }

    /// Whether going from `old` to `new` memory frees the decoded pictures
    /// now: only when pressure begins (a worsening within pressure frees
    /// nothing more; what was decoded since is kept within its budget).
    public static func dropsDecodedPictures(from old: MemoryCondition, to new: MemoryCondition) -> Bool {
        old == .normal && new != .normal
    }
}
