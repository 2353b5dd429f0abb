import CGLib
import FeedGObject
import FeedMedia

/// A GLib timeout or idle source attached to one particular main context
/// (the server's), with a Swift closure that GLib releases when the source
/// is destroyed.
///
/// `MainLoopSource` is for the GTK thread's default context; the media
/// server may run on a private context of its own thread, so it attaches
/// its sources explicitly. Owned by the thread that runs `context`; only
/// `cancel()` may be called from elsewhere (GLib's source removal is thread-safe).
final class ContextSource: Sendable {
    private let handle: SharedHandle
    private var source: UnsafeMutablePointer<GSource> { handle.pointer() }

    private init(source: UnsafeMutablePointer<GSource>, body: @escaping () -> Bool, context: OpaquePointer) {
        handle = SharedHandle(source)
        let box = ClosureBox(body)
        g_source_set_callback(source, contextSourceCallback, box.retainedPointer(), releaseBoxDestroyNotify)
        g_source_attach(source, context)
    }

    deinit {
        g_source_unref(source)
    }

    /// Whether the source has been destroyed (finished, cancelled, or its context is gone).
    var isDestroyed: Bool { g_source_is_destroyed(source) != 0 }

    /// Removes the source if it has not finished. Idempotent.
    func cancel() {
        g_source_destroy(source)
    }

    /// Runs `body` on `context` after `milliseconds`, and again every
    /// `milliseconds` for as long as it returns true.
    @discardableResult
    static func timeout(milliseconds: Int, on context: OpaquePointer, _ body: @escaping () -> Bool) -> ContextSource {
        let source = g_timeout_source_new(guint(max(0, milliseconds)))!
        return ContextSource(source: source, body: body, context: context)
    }

    /// Runs `body` once on `context`, the next time it is idle.
    @discardableResult
    static func idle(on context: OpaquePointer, _ body: @escaping () -> Void) -> ContextSource {
        let source = g_idle_source_new()!
        g_source_set_priority(source, G_PRIORITY_DEFAULT)
        return ContextSource(source: source, body: { body(); return false }, context: context)
    }
}

private let contextSourceCallback: GSourceFunc = { data in
    guard let data else { return 0 }
    return ClosureBox<() -> Bool>.from(data).value() ? 1 : 0
}
