/// A player's seeks: one flushing seek in flight at a time, and the newest
/// one asked meanwhile (or before the first frame) waiting for its turn;
/// an older waiting seek is replaced, never queued. GTK thread (``VideoPlayer``).
enum SeekQueue: Equatable {
    /// Where to go, in seconds from the start; `accurate` decodes up to the
    /// exact time, else the nearest earlier key frame is shown.
    struct Seek: Equatable {
        var seconds: Double
        var accurate: Bool
    }

    /// No seek in flight or waiting.
    case idle
    /// Asked before the first frame: sent once prerolled.
    case waiting(Seek)
    /// Sent; its ASYNC_DONE has not arrived. `next` is sent then.
    case inFlight(next: Seek?)
}
