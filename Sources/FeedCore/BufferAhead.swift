// Pure: values only, imports Foundation at most.

/// How many seconds of the current video are ready ahead of where it
/// plays, for ``BufferHealth``. A progressive file's bytes map roughly
/// linearly to its time, so the share of the file on disk from its start
/// gives the time on disk; a video not read through the cache reports
/// starvation by buffering only, so all that is left counts as ahead.
public enum BufferAhead {
    /// Seconds ahead (never negative): `cachedShare` of the file on disk
    /// from its start (0...1; nil when not read through the cache),
    /// `duration` and `position` in seconds (nil when not known yet:
    /// position 0, duration the position).
    public static func seconds(cachedShare: Double?, duration: Double?, position: Double?) -> Double {
        let at = finite(position) ?? 0
        let length = finite(duration) ?? at
        let left = max(0, length - at)
        guard let share = finite(cachedShare) else { return left }
        return max(0, min(1, max(0, share)) * length - at)
    }

    /// Seconds the video has left to play (never negative).
    public static func secondsLeft(duration: Double?, position: Double?) -> Double {
        let at = finite(position) ?? 0
        return max(0, (finite(duration) ?? at) - at)
    }

    private static func finite(_ value: Double?) -> Double? {
        guard let value, value.isFinite else { return nil }
        return value
    }
}
