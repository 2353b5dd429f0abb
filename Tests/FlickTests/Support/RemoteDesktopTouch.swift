import CGLib
import Foundation

/// A touch screen of a session of `org.gnome.Mutter.RemoteDesktop`: mutter
/// takes touch events only for a screen cast's stream, so the session gets
/// a screen cast of the whole monitor (`RecordMonitor`, which needs
/// PipeWire) and touches are placed in its pixels. Over a D-Bus connection
/// of its own; the sessions end with it.
final class RemoteDesktopTouch {
    private let connection: OpaquePointer
    private let session: String
    private let stream: String
    private static let screenCast = "org.gnome.Mutter.ScreenCast"

    init(busAddress: String) throws {
        let connection = try RemoteDesktopPointer.connect(busAddress)
        self.connection = connection
        session = try Self.string(try RemoteDesktopPointer.call(connection, path: "/org/gnome/Mutter/RemoteDesktop",
                                                                interface: RemoteDesktopPointer.service,
                                                                method: "CreateSession", []))
        let id = try Self.string(try RemoteDesktopPointer.call(
            connection, path: session, interface: "org.freedesktop.DBus.Properties", method: "Get",
            [g_variant_new_string(RemoteDesktopPointer.sessionInterface), g_variant_new_string("SessionId")]))
        let options = Self.dictionary(["remote-desktop-session-id": g_variant_new_string(id)])
        let cast = try Self.string(try RemoteDesktopPointer.call(connection, service: Self.screenCast,
                                                                 path: "/org/gnome/Mutter/ScreenCast",
                                                                 interface: Self.screenCast, method: "CreateSession", [options]))
        stream = try Self.string(try RemoteDesktopPointer.call(connection, service: Self.screenCast, path: cast,
                                                               interface: Self.screenCast + ".Session", method: "RecordMonitor",
                                                               [g_variant_new_string(""), Self.dictionary([:])]))
        try send("Start", [])
    }

    deinit {
        try? send("Stop", [])
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// A finger down at (x, y) of the monitor for `milliseconds`, then up.
    func tap(x: Double, y: Double, milliseconds: UInt32 = 80) throws {
        try send("NotifyTouchDown", [g_variant_new_string(stream), g_variant_new_uint32(0),
                                     g_variant_new_double(x), g_variant_new_double(y)])
        usleep(milliseconds * 1000)
        try send("NotifyTouchUp", [g_variant_new_uint32(0)])
    }

    private func send(_ method: String, _ arguments: [OpaquePointer?]) throws {
        g_variant_unref(try RemoteDesktopPointer.call(connection, path: session, interface: RemoteDesktopPointer.sessionInterface,
                                                      method: method, arguments))
    }

    /// The string (or object path) a reply holds first, unwrapping a
    /// variant; the reply is unreffed.
    private static func string(_ reply: OpaquePointer) throws -> String {
        defer { g_variant_unref(reply) }
        guard var child = g_variant_get_child_value(reply, 0) else { throw X11.Failure(message: "an empty answer from mutter") }
        if g_variant_is_of_type(child, g_variant_type_checked_("v")) != 0, let inner = g_variant_get_variant(child) {
            g_variant_unref(child)
            child = inner
        }
        defer { g_variant_unref(child) }
        return String(cString: g_variant_get_string(child, nil))
    }

    /// An `a{sv}` of `entries` (floating values, consumed), floating.
    private static func dictionary(_ entries: [String: OpaquePointer?]) -> OpaquePointer? {
        let builder = g_variant_builder_new(g_variant_type_checked_("a{sv}"))
        for (key, value) in entries {
            g_variant_builder_add_value(builder, g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value)))
        }
        defer { g_variant_builder_unref(builder) }
        return g_variant_builder_end(builder)
    }
}
