/// A C callback that GLib calls on the GTK thread (GIO's async answers,
/// GStreamer's bus watch, GDBus's method calls, libsoup's server handlers)
/// hands its body a pointer borrowed for the length of the call: a
/// message, a result, a GVariant. The one place Sources vouch for such a
/// pointer reaching GTK-thread code: it is used before the callback
/// returns and never kept.
public enum BorrowedOnMain {
    /// Runs `body` on the GTK thread (where the callback runs) with `value`,
    /// valid until the callback returns.
    public static func run<Value, Result: Sendable>(_ value: Value, _ body: @MainActor (Value) -> Result) -> Result {
        // `nonisolated(unsafe)`: the callback runs on the GTK thread, and `body` uses the value before it returns.
        nonisolated(unsafe) let borrowed = value
        return MainActor.assumeIsolated { body(borrowed) }
    }
}
