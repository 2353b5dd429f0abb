// Pure: values only, imports Foundation at most.

/// Drops late results meant for an earlier binding of a page.
///
/// A page is rebound as the user swipes; frames, prerolls, decodes, fetches
/// and retry timers started for the previous item can finish afterwards.
/// Each binding takes a new generation, every async job carries the one it
/// was started under, and only results for the current generation are used.
/// Owned by whoever owns the page (the GTK thread); a plain value.
public struct GenerationGuard: Sendable, Equatable, Codable {
    /// The generation of the page's current binding; 0 before the first.
    public private(set) var current: UInt64 = 0

    /// A guard before any binding.
    public init() {}

    /// Takes a new generation for a new binding (even of the same item) and
    /// returns it, to be carried by every job started for that binding.
    @discardableResult
    public mutating func bind() -> UInt64 {
        current &+= 1
        return current
    }

    /// Invalidates the current binding (the page was unbound or recycled),
    /// so its late results are dropped too.
    public mutating func invalidate() {
        current &+= 1
    }

    /// Whether a result started under `generation` may still be shown.
    public func accepts(_ generation: UInt64) -> Bool {
        generation == current
    }
}
