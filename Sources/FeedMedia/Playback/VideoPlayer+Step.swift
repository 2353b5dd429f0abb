/// Frame stepping: one frame on or back from the frame shown, as an
/// accurate seek just inside the frame wanted (a GStreamer step event only
/// goes forward). GTK thread.
///
/// An accurate seek to time t shows the frame whose span holds t and hands
/// it over stamped with t itself (clipped to the new segment), so the time
/// of a frame shown after a seek can lie anywhere inside the frame: steps
/// count frames on the grid of frame times from 0, the layout of files
/// that start at 0 (a file whose first frame starts later still moves one
/// frame per step, from the second step on).
extension VideoPlayer {
    /// How far into the wanted frame a step seeks, in seconds: past any
    /// nanosecond rounding of frame times, far from the next frame.
    static let stepMargin = 0.000_001

    /// Seconds per frame of the bound video; nil until its caps are negotiated.
    public var frameDuration: Double? { isOpen ? playbin?.frameDuration : nil }

    /// Shows the frame `frames` away (negative: back) from the frame shown
    /// at `from` seconds, clamped to the video. Returns the start time of
    /// the frame asked for, nil when the frame rate is not known yet. Like
    /// every seek, one is in flight at a time and a newer one replaces the
    /// one waiting, so repeated steps compose from the returned times.
    @discardableResult
    public func step(frames: Int, from: Double) -> Double? {
        guard let frame = frameDuration else { return nil }
        // Frame times are whole nanoseconds, a hair under the grid: allow
        // 1% of a frame before counting the frame as the previous one.
        let shown = (max(0, from) / frame + 0.01).rounded(.down)
        var index = max(0, shown + Double(frames))
        // The last frame starts a frame before the end (the container's
        // duration may run past the video's when its audio is longer).
        if let duration { index = min(index, (max(0, duration - frame) / frame + 0.01).rounded(.down)) }
        let start = index * frame
        seek(to: start + Self.stepMargin, accurate: true)
        return start
    }
}
