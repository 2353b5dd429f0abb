/// How many threads libav's software video decoder (`avdec_*`'s
/// `max-threads`) decodes one stream with.
///
/// Why: left to itself libav starts a thread per core plus one for frame
/// threading, each holding its own reference frames, in every player of the
/// pool. A feed's posts are phone clips up to 1080p, which one thread
/// decodes several times faster than they play (about 170 frames a second
/// for 1080p H.264 on one core of a 2-core test machine), so more threads
/// only add memory and a frame of delay before the first picture. Larger
/// frames keep libav's own choice, so 4K still plays in time.
public enum DecoderThreads {
    /// The largest frame, in pixels, decoded on one thread (1080p, coded
    /// height rounded up to whole macroblocks, either way round).
    public static let singleThreadPixels = 1920 * 1088

    /// `max-threads` for a stream of `width`×`height` coded pixels: 1 up to
    /// ``singleThreadPixels``, else 0 (libav decides). Unknown or invalid
    /// sizes (0 or less) are libav's to decide too.
    public static func maxThreads(width: Int, height: Int) -> Int {
        guard width > 0, height > 0 else { return 0 }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return !overflow && pixels <= singleThreadPixels ? 1 : 0
    }
}
