import CGLib

/// Connecting a C callback to a signal a streaming thread emits (GStreamer's
/// `deep-element-added`, `autoplug-select`, …), where ``Signals``' main-actor
/// closures cannot run. `object` is the handler's user data: retained for
/// the instance, released when the handler goes (the instance is finalized
/// or the handler disconnected).
public enum StreamingSignal {
    public static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, _ callback: GCallback,
                               holding object: AnyObject) {
        g_signal_connect_data(instance, signal, callback, Unmanaged.passRetained(object).toOpaque(), { data, _ in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }, GConnectFlags(rawValue: 0))
    }
}
