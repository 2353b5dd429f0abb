// Pure: values only, imports Foundation at most.

/// How short of memory the system is, from GMemoryMonitor's
/// low-memory-warning levels. The plan holds fewer prepared players and
/// decoded pictures as it worsens.
public enum MemoryCondition: String, Sendable, Hashable, Codable, CaseIterable {
    /// No warning.
    case normal
    /// A low or medium warning: keep only startup bytes, no extra players.
    case pressure
    /// A critical warning: the current item alone.
    case critical
}
