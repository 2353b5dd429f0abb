import FeedGObject
import Foundation

/// A media engine's libsoup sessions, with ``RangeFetcher/Options``'
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

    public init(options: RangeFetcher.Options = RangeFetcher.Options()) {
        media = RangeFetcher.makeSession(options)
        api = RangeFetcher.makeSession(options)
    }

    /// A session of its own for one caller that has none handed to it (a
    /// loader or sender made outside an engine, a failure probe).
    public static func standalone() -> GObjectRef {
        RangeFetcher.makeSession(RangeFetcher.Options())
    }
}
