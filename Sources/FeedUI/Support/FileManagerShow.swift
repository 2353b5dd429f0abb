import CGLib
import CGtk
import FeedGObject
import Foundation

/// Shows a file of this computer selected in the desktop's file manager:
/// `org.freedesktop.FileManager1.ShowItems` on the session bus (Files,
/// Dolphin, Nemo…), else its folder opened with the default handler.
/// GTK thread only; the answer comes back on it.
@MainActor
enum FileManagerShow {
    /// Asks the file manager to show `uri` (`file://`); `done` hears nil
    /// when something was shown, else why nothing was, in words for a toast.
    static func show(_ uri: String, done: @escaping @MainActor (String?) -> Void) {
        // The bus is asked for without waiting: where none runs, GLib may try to start one.
        g_bus_get(G_BUS_TYPE_SESSION, nil, AsyncReady.callback, AsyncReady.userData { result in
            guard let bus = g_bus_get_finish(result, nil) else {
                done(openFolder(of: uri))
                return
            }
            defer { g_object_unref(bus.rawGObject) }
            call(bus, uri, done: done)
        })
    }

    /// Asks the file manager on `bus` to show `uri`.
    private static func call(_ bus: OpaquePointer, _ uri: String, done: @escaping @MainActor (String?) -> Void) {
        // GVariant copies the strings.
        let uris = uri.withCString { text in
            [UnsafePointer<CChar>?(text)].withUnsafeBufferPointer { g_variant_new_strv($0.baseAddress, 1) }
        }
        var children: [OpaquePointer?] = [uris, g_variant_new_string("")]
        let parameters = children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, 2) }
        // The answer is finished on the same connection, held until then.
        guard let connection = GObjectRef(retaining: bus.rawGObject) else { return }
        g_dbus_connection_call(bus, "org.freedesktop.FileManager1", "/org/freedesktop/FileManager1",
                               "org.freedesktop.FileManager1", "ShowItems", parameters, nil,
                               G_DBUS_CALL_FLAGS_NONE, 5_000, nil, AsyncReady.callback, AsyncReady.userData { result in
            var failure: UnsafeMutablePointer<GError>?
            if let reply = g_dbus_connection_call_finish(OpaquePointer(connection.raw), result, &failure) {
                g_variant_unref(reply)
                done(nil)
                return
            }
            if let failure { g_error_free(failure) }
            done(openFolder(of: uri)) // no file manager on the bus: its folder, at least
        })
    }

    /// Opens the folder holding `uri` with the default handler; nil when it
    /// did, else GIO's reason.
    private static func openFolder(of uri: String) -> String? {
        let folder = URL(string: uri)?.deletingLastPathComponent().absoluteString ?? uri
        var error: UnsafeMutablePointer<GError>?
        guard g_app_info_launch_default_for_uri(folder, nil, &error) == 0 else { return nil }
        defer { if let error { g_error_free(error) } }
        return error.map { String(cString: $0.pointee.message) } ?? tr("no application for it")
    }
}
