import Synchronization

/// A counter safe to bump from any thread (diagnostics, metrics).
public final class AtomicCounter: Sendable {
    private let value = Atomic<Int>(0)

    public init() {}

    /// Adds `delta` and returns the new value.
    @discardableResult
    public func add(_ delta: Int) -> Int {
        value.add(delta, ordering: .sequentiallyConsistent).newValue
    }

    /// Replaces the value.
    public func store(_ newValue: Int) {
        value.store(newValue, ordering: .sequentiallyConsistent)
    }

    /// The current value.
    public func load() -> Int {
        value.load(ordering: .sequentiallyConsistent)
    }
}
