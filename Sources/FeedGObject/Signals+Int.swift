import CGLib

extension Signals {
    /// `void handler(GObject *self, int value, gpointer user_data)`:
    /// GtkNativeDialog's and GtkDialog's `response`, ...
    @MainActor @discardableResult
    public static func connectInt(_ instance: Instance, _ signal: String,
                                  _ handler: @escaping @MainActor (Int32) -> Void) -> SignalConnection? {
        typealias Thunk = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void
        let thunk: Thunk = { _, value, data in
            guard let data else { return }
            let box = ClosureBox<@MainActor (Int32) -> Void>.from(data)
            MainActor.assumeIsolated { box.value(value) }
        }
        return SignalConnection.connect(instance.rawGObject, signal, box: ClosureBox(handler),
                                        thunk: unsafeBitCast(thunk, to: GCallback.self))
    }
}

extension Signals {
    /// `int handler(GObject *self, gpointer arg, gpointer user_data)`:
    /// GApplication's `handle-local-options` (a GVariantDict), ...
    @MainActor @discardableResult
    public static func connectReturningInt(_ instance: Instance, _ signal: String,
                                           _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Int32)
        -> SignalConnection? {
        typealias Thunk = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32
        let thunk: Thunk = { _, arg, data in
            guard let data else { return -1 }
            let box = ClosureBox<@MainActor (UnsafeMutableRawPointer?) -> Int32>.from(data)
            return MainActor.assumeIsolated { box.value(arg) }
        }
        return SignalConnection.connect(instance.rawGObject, signal, box: ClosureBox(handler),
                                        thunk: unsafeBitCast(thunk, to: GCallback.self))
    }
}

extension Signals {
    /// `void handler(GApplication *self, GFile **files, int n_files, char *hint, gpointer user_data)`:
    /// GApplication's `open`; the handler gets each file's URI, in order.
    @MainActor @discardableResult
    public static func connectOpen(_ instance: Instance, _ handler: @escaping @MainActor ([String]) -> Void) -> SignalConnection? {
        typealias Thunk = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<OpaquePointer?>?, Int32,
                                          UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void
        let thunk: Thunk = { _, files, count, _, data in
            guard let data else { return }
            var uris: [String] = []
            if let files {
                for index in 0..<Int(max(0, count)) {
                    guard let file = files[index], let uri = g_file_get_uri(file) else { continue }
                    uris.append(String(cString: uri))
                    g_free(uri)
                }
            }
            let box = ClosureBox<@MainActor ([String]) -> Void>.from(data)
            MainActor.assumeIsolated { box.value(uris) }
        }
        return SignalConnection.connect(instance.rawGObject, "open", box: ClosureBox(handler),
                                        thunk: unsafeBitCast(thunk, to: GCallback.self))
    }
}
