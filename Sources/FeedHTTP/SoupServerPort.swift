import CGLib
import CSoup

/// The port a libsoup server listens on once `soup_server_listen_local`
/// picked one: the first of its URIs (the server's own thread or the
/// GTK thread, whichever runs it).
public enum SoupServerPort {
    public static func of(_ server: UnsafeMutablePointer<SoupServer>) -> Int? {
        let uris = soup_server_get_uris(server)
        defer { g_slist_free(uris) }
        var port: Int?
        var node = uris
        while let current = node {
            if let uri = current.pointee.data.map(OpaquePointer.init) {
                if port == nil { port = Int(g_uri_get_port(uri)) }
                g_uri_unref(uri)
            }
            node = current.pointee.next
        }
        return port.flatMap { $0 > 0 ? $0 : nil }
    }
}
