import FeedMedia
/// gst_parse_launch descriptions for the demo media.
///
/// Every pipeline ends in `filesink name=sink`; the caller sets its location
/// (file names never go through the launch syntax). Texts are plain ASCII.
enum DemoPipelines {
    /// The clip's frames up to (not including) an encoder: a coloured
    /// background with a white bar sweeping across it, the number in the top
    /// third, the colour's name and the running time near the bottom. The
    /// middle of the first frame is plain background.
    static func clipFrames(_ clip: DemoMediaPlan.Clip, frames: Int) -> String {
        let w = clip.size.width, h = clip.size.height
        let speed = max(2, w / 90)
        return """
        videotestsrc pattern=bar horizontal-speed=\(speed) background-color=\(hex(clip.color.argb)) \
        foreground-color=0xFFFFFFFF num-buffers=\(frames) \
        ! video/x-raw,width=\(w),height=\(h),framerate=\(DemoMediaPlan.frameRate)/1,pixel-aspect-ratio=1/1 \
        ! textoverlay text=\(clip.number) font-desc="Sans Bold 160" valignment=top halignment=center ypad=\(h * 19 / 100) \
        ! textoverlay text=\(clip.color.name) font-desc="Sans Bold 40" valignment=bottom halignment=center ypad=\(h * 22 / 100) \
        ! timeoverlay font-desc="Sans 28" valignment=bottom halignment=center ypad=\(h * 12 / 100) \
        ! videoconvert
        """
    }

    /// The clip: H.264 (no B-frames, a key frame a second so seeks are cheap)
    /// and AAC in an MP4 whose `moov` comes first.
    static func clipVideo(_ clip: DemoMediaPlan.Clip, aacEncoder: String) -> String {
        let frames = clip.duration * DemoMediaPlan.frameRate
        // 441 samples at 44.1 kHz is 10 ms, so the tone lasts exactly as long as the picture.
        let audioBuffers = clip.duration * 100
        return """
        \(clipFrames(clip, frames: frames)) ! video/x-raw,format=I420 \
        ! x264enc speed-preset=ultrafast bframes=0 key-int-max=\(DemoMediaPlan.frameRate) \
        ! h264parse ! mp4mux name=mux faststart=true ! filesink name=sink \
        audiotestsrc wave=sine freq=\(clip.frequency) volume=0.2 samplesperbuffer=441 num-buffers=\(audioBuffers) \
        ! audioconvert ! audioresample ! audio/x-raw,rate=44100,channels=2 \
        ! \(aacEncoder) ! aacparse ! mux.
        """
    }

    /// The clip's first frame as a PNG: the same frames, one buffer.
    static func clipPoster(_ clip: DemoMediaPlan.Clip) -> String {
        "\(clipFrames(clip, frames: 1)) ! pngenc ! filesink name=sink"
    }

    /// A still: a test pattern with the picture's number and size over it.
    static func picture(_ picture: DemoMediaPlan.Picture) -> String {
        let encoder = picture.format == .jpeg ? "jpegenc quality=85" : "pngenc"
        return """
        videotestsrc pattern=\(picture.pattern) foreground-color=\(hex(picture.foreground)) \
        background-color=\(hex(picture.background)) num-buffers=1 \
        ! video/x-raw,width=\(picture.size.width),height=\(picture.size.height),pixel-aspect-ratio=1/1 \
        ! textoverlay name=label font-desc="Sans Bold 64" valignment=center halignment=center shaded-background=true \
        ! videoconvert ! \(encoder) ! filesink name=sink
        """
    }

    /// The label `picture` draws (set as a property: it holds a newline).
    static func pictureLabel(_ picture: DemoMediaPlan.Picture) -> String {
        "Picture \(picture.number)\n\(picture.size.width) x \(picture.size.height)"
    }

    private static func hex(_ value: UInt32) -> String {
        "0x" + String(value, radix: 16, uppercase: true)
    }
}
