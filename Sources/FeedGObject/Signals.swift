import CGLib

// Typed connect helpers, one per C signal signature Flick uses. Each thunk
// is a plain C function that finds its box in user_data and calls the Swift
// closure on the main actor (the signals are emitted on the GTK thread).

/// Connecting Swift closures to GObject signals emitted on the GTK thread.
public enum Signals {
    public typealias Instance = GObjectPointer

    /// `void handler(GObject *self, gpointer user_data)`
    @MainActor @discardableResult
    public static func connect(_ instance: Instance, _ signal: String, after: Bool = false,
                               _ handler: @escaping @MainActor () -> Void) -> SignalConnection? {
        typealias Thunk = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let thunk: Thunk = { _, data in
            guard let data else { return }
            let box = ClosureBox<@MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { box.value() }
        }
        return SignalConnection.connect(instance.rawGObject, signal, box: ClosureBox(handler),
                                        thunk: unsafeBitCast(thunk, to: GCallback.self), after: after)
    }

    /// `void handler(GObject *self, gpointer arg, gpointer user_data)`:
    /// `notify::*` (a GParamSpec), `activate` of GSimpleAction (a GVariant), ...
    @MainActor @discardableResult
    public static func connect(_ instance: Instance, _ signal: String, after: Bool = false,
                               _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> SignalConnection? {
        typealias Thunk = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let thunk: Thunk = { _, arg, data in
            guard let data else { return }
            let box = ClosureBox<@MainActor (UnsafeMutableRawPointer?) -> Void>.from(data)
            MainActor.assumeIsolated { box.value(arg) }
        }
        return SignalConnection.connect(instance.rawGObject, signal, box: ClosureBox(handler),
                                        thunk: unsafeBitCast(thunk, to: GCallback.self), after: after)
    }

    /// `gboolean handler(GObject *self, gpointer user_data)`: `close-request`, ...
    @MainActor @discardableResult
    public static func connectReturningBool(_ instance: Instance, _ signal: String,
                                            _ handler: @escaping @MainActor () -> Bool) -> SignalConnection? {
        typealias Thunk = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean
        let thunk: Thunk = { _, data in
            guard let data else { return 0 }
            let box = ClosureBox<@MainActor () -> Bool>.from(data)
            return MainActor.assumeIsolated { box.value() } ? 1 : 0
        }
        return SignalConnection.connect(instance.rawGObject, signal, box: ClosureBox(handler),
                                        thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `void handler(GObject *self, double a, double b, gpointer user_data)`:
    /// drag-begin/update/end, decelerate, pressed positions, ...
    @MainActor @discardableResult
    public static func connectDoubles(_ instance: Instance, _ signal: String,
                                      _ handler: @escaping @MainActor (Double, Double) -> Void) -> SignalConnection? {
        typealias Thunk = @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void
        let thunk: Thunk = { _, a, b, data in
            guard let data else { return }
            let box = ClosureBox<@MainActor (Double, Double) -> Void>.from(data)
            MainActor.assumeIsolated { box.value(a, b) }
        }
        return SignalConnection.connect(instance.rawGObject, signal, box: ClosureBox(handler),
                                        thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `gboolean handler(GObject *self, double a, double b, gpointer user_data)`:
    /// GtkEventControllerScroll's `scroll`.
    @MainActor @discardableResult
    public static func connectDoublesReturningBool(_ instance: Instance, _ signal: String,
                                                   _ handler: @escaping @MainActor (Double, Double) -> Bool) -> SignalConnection? {
        typealias Thunk = @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> gboolean
        let thunk: Thunk = { _, a, b, data in
            guard let data else { return 0 }
            let box = ClosureBox<@MainActor (Double, Double) -> Bool>.from(data)
            return MainActor.assumeIsolated { box.value(a, b) } ? 1 : 0
        }
        return SignalConnection.connect(instance.rawGObject, signal, box: ClosureBox(handler),
                                        thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `void handler(GObject *self, int n, double x, double y, gpointer user_data)`:
    /// GtkGestureClick's `pressed` and `released`.
    @MainActor @discardableResult
    public static func connectPress(_ instance: Instance, _ signal: String,
                                    _ handler: @escaping @MainActor (Int32, Double, Double) -> Void) -> SignalConnection? {
        typealias Thunk = @convention(c) (UnsafeMutableRawPointer?, Int32, Double, Double, UnsafeMutableRawPointer?) -> Void
        let thunk: Thunk = { _, n, x, y, data in
            guard let data else { return }
            let box = ClosureBox<@MainActor (Int32, Double, Double) -> Void>.from(data)
            MainActor.assumeIsolated { box.value(n, x, y) }
        }
        return SignalConnection.connect(instance.rawGObject, signal, box: ClosureBox(handler),
                                        thunk: unsafeBitCast(thunk, to: GCallback.self))
    }
}
