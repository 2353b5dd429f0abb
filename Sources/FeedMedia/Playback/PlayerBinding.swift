import FeedGObject

/// What a ``VideoPlayer``'s current binding waits for and watches, beside
/// where it is (that is the player's `state`, FeedCore's machine): the URI
/// until the pipeline opens it, the gates it waits on first, its preroll
/// deadline and the probes that ask why it stalled or failed, and the
/// facts of its stream the machine does not hold. Every (re)binding
/// cancels what the last one waited for and starts from a fresh value.
/// GTK thread only, owned by one player (VideoPlayer+Binding).
@MainActor
struct PlayerBinding {
    /// The bound URI until the pipeline opens it: that waits for the last
    /// binding's reset (off the GTK thread) and the gates below.
    var pendingOpen: String?
    /// Waiting for the cache to know the file's length before opening it.
    var openGate: CacheOpenGate?
    /// Checks a local file is one before playbin opens it.
    var fileGate: LocalFileGate?
    /// Fails the binding with TIMEOUT when preparing takes too long.
    var prerollTimer: MainLoopSource?
    /// When to ask why a local file has not prerolled, and the asking.
    var stallTimer: MainLoopSource?
    var stallProbe: LocalStallProbe?
    /// Asking the server why a direct stream failed (see ``TransportProbe``).
    var probe: TransportProbe?
    /// Whether this binding prerolls with playbin's visualisation (a sound).
    var visualising = false
    /// The network source's last BUFFERING message was under 100%: what
    /// it reads, not where the player is (that is `buffering` once it wants to play).
    var sourceStarved = false
    /// The seek in flight and the one waiting.
    var seeks = SeekQueue.idle
    /// The rate the last seek of this binding asked for (a new pipeline plays at 1).
    var appliedRate = 1.0
    /// The captions file played beside the media (playbin's `suburi`), if any.
    var caption: String?

    /// Stops waiting for the cache's length and the local file check: the
    /// binding they were for is left or has failed.
    mutating func cancelGates() {
        openGate?.cancel()
        openGate = nil
        fileGate?.cancel()
        fileGate = nil
    }

    /// The first frame came: its deadline and the stall watch are over.
    mutating func prerolled() {
        prerollTimer?.cancel()
        prerollTimer = nil
        stallTimer?.cancel()
        stallTimer = nil
    }

    /// Cancels everything this binding waits for or watches (it is being left).
    mutating func cancelAll() {
        cancelGates()
        prerolled()
        probe?.cancel()
        probe = nil
        stallProbe?.cancel()
        stallProbe = nil
    }
}
