import Foundation

/// Jobs on other threads that a thread waits for (the exit for the likes'
/// last write, the players' teardown and the cache's close, after the GTK
/// thread's loop has ended; a caller for a server thread to listen or to
/// end): each is counted in before it is handed over (``enter()``) and out
/// when done (``leave()``, on its thread); ``wait(seconds:)`` blocks until
/// none is left. Never on the GTK thread while its loop runs.
///
/// `@unchecked Sendable`: `count` is read and written under `condition` only.
public final class PendingWork: @unchecked Sendable {
    private let condition = NSCondition()
    private var count = 0

    public init() {}

    /// One more job to wait for. Any thread.
    public func enter() {
        condition.withLock { count += 1 }
    }

    /// One job done. Any thread.
    public func leave() {
        condition.withLock {
            count = max(0, count - 1)
            if count == 0 { condition.broadcast() }
        }
    }

    /// Waits until every job entered is done, however long that takes.
    public func wait() {
        condition.lock()
        defer { condition.unlock() }
        while count > 0 { condition.wait() }
    }

    /// Waits until every job entered is done, at most `seconds`; false when
    /// the time ran out first. Blocks the calling thread.
    public func wait(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while count > 0 {
            if !condition.wait(until: deadline) { return count == 0 }
        }
        return true
    }
}
