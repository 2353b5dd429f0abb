/// How long the followed feed's current video has played during a stress
/// run, in seconds: it counts from the run's start or the video's, to its
/// stop or the run's end. GTK thread only, owned by ``StressRecorder``.
struct PlayedTime {
    /// Monotonic µs since the current video has been playing during the
    /// run; nil while none plays or before the run.
    private var since: Int?
    /// Whether the current video plays (before the run too).
    private(set) var playingNow = false
    /// Seconds played so far, not counting the stretch still open.
    private(set) var seconds = 0.0

    /// The run begins at `now` (µs): a video already playing counts from here.
    mutating func runBegins(at now: Int) {
        if playingNow { since = now }
    }

    /// Whether the current video plays changed at `now` (µs); `running`:
    /// the run has begun.
    mutating func playingChanged(_ playing: Bool, at now: Int, running: Bool) {
        playingNow = playing
        if playing, since == nil, running {
            since = now
        } else if !playing, let started = since {
            seconds += Double(now - started) / 1e6
            since = nil
        }
    }
}
