import CGLib
import CSoup
import FeedGObject
import Foundation

/// A media engine's libsoup sessions, with ``HTTPOptions``'
/// defaults (Flick's user agent, 12 connections, 6 per host, 15 s I/O
/// timeout; TLS certificates always verified). GTK thread only.
///
/// Two, on purpose: media ranges and pictures share `media`, so its
/// connection limits hold for all the bytes the feed moves; feed pages and
/// likes go through `api`, so the page the user is about to swipe into
/// never waits for a connection behind media bodies. Sharing one session
/// measured page loads of up to 500 ms while swiping fast through the demo
/// feed (pages ran out under the finger), against under 130 ms apart.
@MainActor
public final class HTTPSessions {
    /// Media ranges and pictures.
    public let media: GObjectRef
    /// Feed pages and likes: small requests the user waits on. Each keeps
    /// its own deadline.
    public let api: GObjectRef

    public init(options: HTTPOptions = HTTPOptions()) {
        media = Self.makeSession(options)
        api = Self.makeSession(options)
    }

    /// A session of its own for one caller that has none handed to it (a
    /// loader or sender made outside an engine, a failure probe).
    public static func standalone() -> GObjectRef {
        makeSession(HTTPOptions())
    }

    /// A session with every limit given as a construction property
    /// (`max-conns` and `max-conns-per-host` cannot be changed later).
    public static func makeSession(_ options: HTTPOptions) -> GObjectRef {
        let stringType = g_type_from_name("gchararray")
        let intType = g_type_from_name("gint")
        let uintType = g_type_from_name("guint")
        var values = [GValue](repeating: GValue(), count: 5)
        let names = ["user-agent", "max-conns", "max-conns-per-host", "timeout", "idle-timeout"]
        g_value_init(&values[0], stringType)
        g_value_set_string(&values[0], options.userAgent)
        g_value_init(&values[1], intType)
        g_value_set_int(&values[1], gint(max(1, options.maxConnections)))
        g_value_init(&values[2], intType)
        g_value_set_int(&values[2], gint(max(1, options.maxConnectionsPerHost)))
        g_value_init(&values[3], uintType)
        g_value_set_uint(&values[3], guint(max(1, options.readTimeoutSeconds)))
        g_value_init(&values[4], uintType)
        g_value_set_uint(&values[4], 60)
        defer { for index in values.indices { g_value_unset(&values[index]) } }
        let cNames = names.map { strdup($0) }
        defer { cNames.forEach { free($0) } }
        var namePointers = cNames.map { UnsafePointer<CChar>($0) }
        let object = namePointers.withUnsafeMutableBufferPointer { namesBuffer in
            values.withUnsafeBufferPointer { valuesBuffer in
                g_object_new_with_properties(soup_session_get_type(), guint(names.count),
                                             namesBuffer.baseAddress, valuesBuffer.baseAddress)
            }
        }
        return GObjectRef(owning: UnsafeMutableRawPointer(object))!
    }
}
