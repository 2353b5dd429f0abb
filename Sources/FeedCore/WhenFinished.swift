// Pure: values only, imports Foundation at most.

/// What the feed does when a post is over (GSettings `when-finished`):
/// `loop` plays it again (the default), `next` pages on to the next post,
/// `stop` leaves it where it ended. The raw values are the setting's and
/// `--report-state`'s names.
public enum WhenFinished: String, Sendable, Hashable, Codable, CaseIterable {
    case loop
    case next
    case stop

    /// What `a` switches to: loop and next swap; stop goes to next (the
    /// key is for letting the feed play on by itself).
    public var toggled: WhenFinished {
        self == .next ? .loop : .next
    }

    /// How long a photo (or a GIF-like clip, which loops) shows before the
    /// feed pages on under `next`, in whole seconds: the setting's range and default.
    public static let photoSecondsRange = 2...60
    public static let defaultPhotoSeconds = 6

    /// `seconds` within ``photoSecondsRange``.
    public static func photoSeconds(_ seconds: Int) -> Int {
        min(max(seconds, photoSecondsRange.lowerBound), photoSecondsRange.upperBound)
    }
}
