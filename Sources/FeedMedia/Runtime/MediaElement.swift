/// A GStreamer element factory Flick uses, and the Debian 12 package that ships it.
struct MediaElement: Sendable, Equatable {
    var name: String
    var package: String

    private static let core = "libgstreamer1.0-0"
    private static let base = "gstreamer1.0-plugins-base"
    /// Debian builds the pango plugin (text/time/clock overlays) into its own package.
    private static let pango = "gstreamer1.0-x"
    private static let good = "gstreamer1.0-plugins-good"
    private static let bad = "gstreamer1.0-plugins-bad"
    private static let ugly = "gstreamer1.0-plugins-ugly"
    private static let libav = "gstreamer1.0-libav"

    /// Every element that must exist: playback, first frames and the demo media.
    static let required: [MediaElement] = [
        .init(name: "playbin", package: base),
        .init(name: "uridecodebin", package: base),
        .init(name: "videotestsrc", package: base),
        .init(name: "audiotestsrc", package: base),
        .init(name: "textoverlay", package: pango),
        .init(name: "timeoverlay", package: pango),
        .init(name: "videoconvert", package: base),
        .init(name: "videoscale", package: base),
        .init(name: "audioconvert", package: base),
        .init(name: "audioresample", package: base),
        .init(name: "x264enc", package: ugly),
        .init(name: "mp4mux", package: good),
        .init(name: "qtdemux", package: good),
        .init(name: "h264parse", package: bad),
        .init(name: "avdec_h264", package: libav),
        .init(name: "aacparse", package: good),
        .init(name: "avdec_aac", package: libav),
        .init(name: "pngenc", package: good),
        .init(name: "jpegenc", package: good),
        .init(name: "appsink", package: base),
        .init(name: "filesink", package: core),
        .init(name: "souphttpsrc", package: good),
    ]

    /// Nice to have; nothing fails without them.
    static let optional: [MediaElement] = [
        .init(name: "clockoverlay", package: pango),
    ]

    /// AAC encoders in order of preference; one of them must exist.
    static let aacEncoders = ["avenc_aac", "fdkaacenc", "voaacenc"]

    private static let encoderPackages: [MediaElement] = [
        .init(name: "avenc_aac", package: libav),
        .init(name: "fdkaacenc", package: bad),
        .init(name: "voaacenc", package: bad),
    ]

    static func named(_ name: String) -> MediaElement? {
        (required + optional + encoderPackages).first { $0.name == name }
    }
}
