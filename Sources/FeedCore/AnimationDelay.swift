// Pure: values only, imports Foundation at most.

/// How long an animated picture's frame shows, from the delay its file
/// gives: browsers show a GIF frame of 0–10 ms for 100 ms (old encoders
/// wrote 0 for "as fast as you can", which would spin a thread and flash),
/// and so does Flick. The table `animation-delay.json` is the spec.
public enum AnimationDelay {
    /// What a frame of too short a delay shows for, in milliseconds.
    public static let fallbackMilliseconds = 100
    /// Delays up to this, in milliseconds, count as too short.
    public static let shortestMilliseconds = 10

    /// The shown time of a frame whose file says `reported` milliseconds.
    public static func milliseconds(reported: Int) -> Int {
        reported <= shortestMilliseconds ? fallbackMilliseconds : reported
    }
}
