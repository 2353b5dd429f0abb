// Pure: values only, imports Foundation at most.

/// How far ahead of the playhead an adaptive stream (HLS) is fetched.
///
/// The demuxer asks for the next segment only when the queue after it has
/// room, so the queues' sizes are how far ahead segments come. GStreamer's
/// decodebin gives an adaptive stream's queues two buffers when nothing
/// asks for more (uridecodebin asks for 5 s, but only for addresses it
/// knows as streams, which the cache's are not): each segment was then
/// asked for just as the playhead needed it, and every boundary stalled
/// on a slow link.
///
/// Two queues follow the demuxer: one of the segments' bytes, which
/// carry no times it can count (hlsdemux stamps none), and one of the
/// streams the container demuxer makes of them. Both are bound by bytes
/// for ``queueSeconds`` at the rendition's rate (``queueBytes(bitsPerSecond:)``),
/// the second also by time, so about 8 s, at least 6 s and two segments
/// of 2 to 4 s, are ahead: more would be fetched for a post the user may
/// swipe away from. The rate is the one measured from the segments once
/// known (BANDWIDTH is a peak for some packagers, an average for others,
/// and a guess for some), the master's until then.
public enum SegmentsAhead {
    /// Media seconds each queue holds before the demuxer waits.
    public static let queueSeconds = 4.0
    /// The streams' queue never holds more than this, in seconds, however
    /// far the rate overstates.
    public static let maxStreamSeconds = 6.0
    /// Media seconds of segments measured before their rate replaces the master's.
    public static let measureSeconds = 4.0
    /// The bytes bound when the rate is not known (a media playlist
    /// without a master, before a segment is measured): 4 s at 2 Mbit/s.
    public static let unknownRateBytes = 1024 * 1024
    /// Bounds of a queue's bytes, whatever the master says.
    public static let queueBytesRange = (128 * 1024)...(6 * 1024 * 1024)
    /// Buffers each queue holds at most: a bound that never binds before
    /// the time and bytes do (a frame a buffer, 60 frames a second).
    public static let queueBuffers = 1_000

    /// Bytes each queue holds for a stream of `bitsPerSecond` (nil, not
    /// positive or not finite: not known).
    public static func queueBytes(bitsPerSecond: Double?) -> Int {
        guard let bitsPerSecond, bitsPerSecond.isFinite, bitsPerSecond > 0 else { return unknownRateBytes }
        let bytes = bitsPerSecond * queueSeconds / 8
        return Int(min(Double(queueBytesRange.upperBound), max(Double(queueBytesRange.lowerBound), bytes)))
    }

    /// The rate of `bytes` of segments that carried `mediaSeconds` of
    /// media, in bits per second; nil until ``measureSeconds`` were seen.
    public static func measuredRate(bytes: Int, mediaSeconds: Double) -> Double? {
        guard bytes > 0, mediaSeconds.isFinite, mediaSeconds >= measureSeconds else { return nil }
        return Double(bytes) * 8 / mediaSeconds
    }
}
