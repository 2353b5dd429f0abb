import Foundation

/// The app's libsoup sessions, made on first use with ``RangeFetcher/Options``'
/// defaults (Flick's user agent, 12 connections, 6 per host, 15 s I/O
/// timeout; TLS certificates always verified). GTK thread only.
///
/// Two, on purpose: media ranges and pictures share `app`, so its
/// connection limits hold for all the bytes the feed moves; feed pages and
/// likes go through `api`, so the page the user is about to swipe into
/// never waits for a connection behind media bodies. Sharing one session
/// measured page loads of up to 500 ms while swiping fast through the demo
/// feed (pages ran out under the finger), against under 130 ms apart.
@MainActor
public enum HTTPSession {
    private static var media: GObjectRef?
    private static var small: GObjectRef?

    /// Media ranges and pictures (one reference, held for the life of the process).
    public static var app: GObjectRef {
        if let media { return media }
        let session = RangeFetcher.makeSession(RangeFetcher.Options())
        media = session
        return session
    }

    /// Feed pages and likes: small requests the user waits on. Each keeps
    /// its own deadline.
    public static var api: GObjectRef {
        if let small { return small }
        let session = RangeFetcher.makeSession(RangeFetcher.Options())
        small = session
        return session
    }
}
