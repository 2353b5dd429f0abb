import Foundation

/// A counter safe to bump from any thread (diagnostics, metrics).
public final class AtomicCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    public init() {}

    /// Adds `delta` and returns the new value.
    @discardableResult
    public func add(_ delta: Int) -> Int {
        lock.lock(); defer { lock.unlock() }
        value += delta
        return value
    }

    /// Replaces the value.
    public func store(_ newValue: Int) {
        lock.lock(); defer { lock.unlock() }
        value = newValue
    }

    /// The current value.
    public func load() -> Int {
        lock.lock(); defer { lock.unlock() }
        return value
    }
}
