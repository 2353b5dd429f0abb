import CGLib

/// A GLib idle or timeout source on the GTK thread's main context, with a
/// Swift closure that GLib releases when the source is destroyed.
///
/// Owned by the GTK thread. `cancel()` is safe after the source has already
/// finished (no "source not found" warning).
@MainActor
public final class MainLoopSource {
    /// Shared with the C callback: says whether GLib still holds the source.
    fileprivate final class State {
        let body: @MainActor () -> Bool
        var sourceID: guint = 0
        var alive = true
        init(_ body: @escaping @MainActor () -> Bool) { self.body = body }
    }

    private let state: State

    fileprivate init(state: State) { self.state = state }

    /// Whether the source will still run.
    public var isActive: Bool { state.alive }

    /// Removes the source if it has not finished. Idempotent.
    public func cancel() {
        guard state.alive, state.sourceID != 0 else { return }
        state.alive = false
        g_source_remove(state.sourceID)
    }

    /// Runs `body` when the main loop is idle, again for as long as it returns true.
    @discardableResult
    public static func idle(priority: Int32 = G_PRIORITY_DEFAULT_IDLE,
                            _ body: @escaping @MainActor () -> Bool) -> MainLoopSource {
        let state = State(body)
        let box = ClosureBox(state)
        state.sourceID = g_idle_add_full(priority, sourceCallback, box.retainedPointer(), sourceDestroyed)
        return MainLoopSource(state: state)
    }

    /// Runs `body` after `milliseconds`, and every `milliseconds` for as long as it returns true.
    @discardableResult
    public static func timeout(milliseconds: UInt32, priority: Int32 = G_PRIORITY_DEFAULT,
                               _ body: @escaping @MainActor () -> Bool) -> MainLoopSource {
        let state = State(body)
        let box = ClosureBox(state)
        state.sourceID = g_timeout_add_full(priority, milliseconds, sourceCallback, box.retainedPointer(), sourceDestroyed)
        return MainLoopSource(state: state)
    }

    /// Runs `body` once after `milliseconds`.
    @discardableResult
    public static func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> MainLoopSource {
        timeout(milliseconds: milliseconds) { body(); return false }
    }
}

private let sourceCallback: GSourceFunc = { data in
    guard let data else { return 0 }
    let box = ClosureBox<MainLoopSource.State>.from(data)
    return MainActor.assumeIsolated {
        guard box.value.alive else { return 0 }
        return box.value.body() ? 1 : 0
    }
}

private let sourceDestroyed: GDestroyNotify = { data in
    guard let data else { return }
    let box = ClosureBox<MainLoopSource.State>.from(data)
    MainActor.assumeIsolated { box.value.alive = false }
    Unmanaged<ClosureBox<MainLoopSource.State>>.fromOpaque(data).release()
}
