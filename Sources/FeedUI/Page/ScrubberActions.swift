/// What a ``Scrubber`` asks of the feed around it, and tells it: the
/// feed view fills these in when it mounts the page (FeedView+Scrubbing).
/// GTK thread only.
@MainActor
struct ScrubberActions {
    /// Reads the video's duration in seconds when the bar needs it.
    var duration: (() -> Double?)?
    /// Asks to start scrubbing: pause and return whether the video was
    /// playing (it resumes after), or nil to refuse (not the current video).
    var start: (() -> Bool?)?
    /// A position while dragging, in seconds (a fast key-frame seek).
    var move: ((Double) -> Void)?
    /// Where the drag ended, in seconds (an exact seek), and whether to resume.
    var end: ((Double, Bool) -> Void)?
    /// Called when scrubbing starts or ends.
    var scrubbingChanged: (() -> Void)?
    /// Called with the old and new position when the frame shown changes
    /// (every frame: the feed decides what is worth reporting).
    var positionChanged: ((_ old: Double?, _ new: Double?) -> Void)?
}

/// A drag on the seek bar: where it is, in seconds, where it started, in
/// pixels, and whether the video resumes when it ends.
struct ScrubDrag {
    var seconds: Double
    let startX: Double
    let resume: Bool
}
