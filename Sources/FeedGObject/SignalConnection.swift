import CGLib

/// One connected signal handler whose Swift closure is owned by GLib.
///
/// - The closure is boxed, retained for GLib and released by GLib's destroy
///   notify: when the handler is disconnected or the object is finalized,
///   whichever comes first. It never leaks and is never called after that.
/// - The connection watches its object through a `GWeakRef`, so disconnecting
///   (explicitly or in `deinit`) after the object has died is safe.
///
/// Handlers run on the thread that emits the signal. Every `connect` helper
/// below is for signals emitted on the GTK thread and runs its closure on the
/// main actor; streaming-thread callbacks (GStreamer) use their own bridge.
public final class SignalConnection {
    /// GLib's id for the handler; 0 once disconnected.
    public private(set) var handlerID: gulong
    private let weakObject: UnsafeMutablePointer<GWeakRef>

    fileprivate init(object: UnsafeMutablePointer<GObject>, handlerID: gulong) {
        self.handlerID = handlerID
        weakObject = .allocate(capacity: 1)
        weakObject.initialize(to: GWeakRef())
        g_weak_ref_init(weakObject, object)
    }

    /// Whether the object is alive and the handler still connected.
    public var isConnected: Bool {
        guard handlerID != 0, let object = g_weak_ref_get(weakObject) else { return false }
        defer { g_object_unref(object) }
        return g_signal_handler_is_connected(object, handlerID) != 0
    }

    /// Disconnects the handler if the object is still alive. Idempotent.
    public func disconnect() {
        guard handlerID != 0 else { return }
        if let object = g_weak_ref_get(weakObject) {
            if g_signal_handler_is_connected(object, handlerID) != 0 {
                g_signal_handler_disconnect(object, handlerID)
            }
            g_object_unref(object)
        }
        handlerID = 0
    }

    deinit {
        disconnect()
        g_weak_ref_clear(weakObject)
        weakObject.deinitialize(count: 1)
        weakObject.deallocate()
    }

    /// Connects `thunk` (a C function of the signal's real signature, cast to
    /// GCallback) with `box` as its user data. Returns nil for an unknown signal.
    public static func connect<Value>(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               box: ClosureBox<Value>, thunk: GCallback,
                               after: Bool = false) -> SignalConnection? {
        let object = instance.assumingMemoryBound(to: GObject.self)
        let data = box.retainedPointer()
        let flags: GConnectFlags = after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0)
        let id = g_signal_connect_data(object, signal, thunk, data, releaseBoxClosureNotify, flags)
        guard id != 0 else {
            Unmanaged<ClosureBox<Value>>.fromOpaque(data).release()
            return nil
        }
        return SignalConnection(object: object, handlerID: id)
    }
}
