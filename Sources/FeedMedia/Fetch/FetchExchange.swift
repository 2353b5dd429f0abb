import FeedGObject

/// The libsoup and GIO side of a ``RangeFetch``: the message and its
/// cancellable, the body's stream once the head came, the redirect watch,
/// the deadlines, and whether a callback is owed. GTK thread only, owned
/// by one fetch.
@MainActor
struct FetchExchange {
    let message: GObjectRef
    let cancellable: GObjectRef
    /// The body, from the head's arrival to the fetch's end.
    var stream: GObjectRef?
    /// Strips the item's headers from a redirect to another origin.
    var restartedHandler: SignalConnection?
    /// Ends the fetch when the head is late (the connect timeout).
    var headersDeadline: MainLoopSource?
    /// Ends a whole-file fetch that does not arrive within its limits.
    var wholeDeadline: MainLoopSource?
    /// A callback from libsoup, GIO or the store's disk queue is owed.
    var operationPending = false

    /// Lets go of the deadlines and the redirect watch (the fetch ended).
    mutating func stopWatching() {
        headersDeadline?.cancel()
        headersDeadline = nil
        wholeDeadline?.cancel()
        wholeDeadline = nil
        restartedHandler?.disconnect()
        restartedHandler = nil
    }
}
