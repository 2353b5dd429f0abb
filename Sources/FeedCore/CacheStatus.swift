// Pure: values only, imports Foundation at most.

/// How much of a resource the disk cache holds; decides whether playback can
/// go straight to disk or must fill gaps from the network.
public enum CacheStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Nothing held.
    case none
    /// Some bytes held, or the total size is not known yet.
    case partial
    /// Every byte of a resource whose size is known.
    case complete
}
