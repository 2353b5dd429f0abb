import CGLib
import CGStreamer
import FlickTestSupport
import Foundation
@testable import FeedMedia

/// Media as it comes off a phone: clips stored landscape with a display
/// matrix that turns them upright, made with GStreamer at test time.
///
/// Every upright picture is 180 x 320 with a red band over its top quarter
/// and blue below, so a screenshot tells upright from turned: red must be
/// at the top of the page.
enum PhoneMedia {
    /// A turn a phone records in the track header's display matrix.
    enum Turn: String, CaseIterable, Sendable {
        case none = "upright"
        case clockwise = "rotate-90"
        case counterclockwise = "rotate-270"

        /// videoflip's `video-direction` that takes the upright picture to
        /// the stored one (the inverse of the turn the matrix asks for).
        var storedBy: String {
            switch self {
            case .none: return "identity"
            case .clockwise: return "90l"
            case .counterclockwise: return "90r"
            }
        }

        /// The tkhd matrix {a b u, c d v, x y w} in 16.16 (w in 2.30) that
        /// qtdemux reads as this turn.
        var matrix: [UInt32] {
            let one: UInt32 = 0x0001_0000, minusOne: UInt32 = 0xFFFF_0000, w: UInt32 = 0x4000_0000
            switch self {
            case .none: return [one, 0, 0, 0, one, 0, 0, 0, w]
            case .clockwise: return [0, one, 0, minusOne, 0, 0, 0, 0, w]
            case .counterclockwise: return [0, minusOne, 0, one, 0, 0, 0, 0, w]
            }
        }
    }

    /// An H.264 MP4 of 2 s (moov first, no audio) showing the red-top
    /// picture upright once `turn` is applied.
    static func clip(_ turn: Turn, at url: URL) throws {
        let pipeline = """
            videotestsrc pattern=solid-color foreground-color=0xFFE02020 num-buffers=60 \
            ! video/x-raw,width=180,height=80,framerate=30/1,pixel-aspect-ratio=1/1 \
            ! videobox bottom=-240 fill=blue ! videoconvert ! videoflip video-direction=\(turn.storedBy) \
            ! video/x-raw,format=I420 ! x264enc speed-preset=ultrafast bframes=0 key-int-max=30 \
            ! h264parse ! mp4mux faststart=true ! filesink name=sink
            """
        try render(pipeline, to: url)
        if turn != .none { try writeDisplayMatrix(turn.matrix, in: url) }
    }

    /// A landscape clip as a camera held sideways stores it: 320 x 180,
    /// red over its top quarter, blue below, no display matrix.
    static func landscapeClip(at url: URL) throws {
        try render("""
            videotestsrc pattern=solid-color foreground-color=0xFFE02020 num-buffers=60 \
            ! video/x-raw,width=320,height=45,framerate=30/1,pixel-aspect-ratio=1/1 \
            ! videobox bottom=-135 fill=blue ! videoconvert ! video/x-raw,format=I420 \
            ! x264enc speed-preset=ultrafast bframes=0 key-int-max=30 ! h264parse ! mp4mux faststart=true \
            ! filesink name=sink
            """, to: url)
    }

    /// Runs a `filesink name=sink` pipeline to its end into `url`;
    /// `configure` sees it before it starts.
    static func render(_ description: String, to url: URL,
                       configure: (MediaPipeline) throws -> Void = { _ in }) throws {
        try MediaRuntime.initialize()
        let pipeline = try MediaPipeline(description)
        try pipeline.set("sink", "location", string: url.path)
        try configure(pipeline)
        defer { pipeline.stop() }
        try pipeline.runToEnd(timeout: 60)
    }

    /// Writes `matrix` into every video track header of the MP4 at `url`.
    /// GStreamer 1.22's mp4mux writes no display matrix from tags, so the
    /// test writes the one a phone writes: walks the boxes moov → trak →
    /// tkhd (version 0) and replaces the 36 matrix bytes of tracks with a
    /// size (audio tracks have none).
    static func writeDisplayMatrix(_ matrix: [UInt32], in url: URL) throws {
        var bytes = [UInt8](try Data(contentsOf: url))
        func boxes(_ range: Range<Int>) -> [(start: Int, size: Int, type: String)] {
            var found: [(Int, Int, String)] = []
            var at = range.lowerBound
            while at + 8 <= range.upperBound {
                let size = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
                let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
                guard size >= 8, at + size <= range.upperBound else { break }
                found.append((at, size, type))
                at += size
            }
            return found
        }
        var written = 0
        for moov in boxes(0..<bytes.count) where moov.type == "moov" {
            for trak in boxes(moov.start + 8..<moov.start + moov.size) where trak.type == "trak" {
                for tkhd in boxes(trak.start + 8..<trak.start + trak.size) where tkhd.type == "tkhd" {
                    // version+flags 4, times 8, track 4, reserved 4, duration 4, reserved 8, layer/group/volume/reserved 8
                    let at = tkhd.start + 8 + 40
                    guard bytes[tkhd.start + 8] == 0, at + 44 <= tkhd.start + tkhd.size else { continue }
                    let width = bytes[at + 36..<at + 40].reduce(0) { $0 << 8 | Int($1) }
                    guard width > 0 else { continue }
                    for (index, value) in matrix.enumerated() {
                        for byte in 0..<4 { bytes[at + index * 4 + byte] = UInt8((value >> (24 - 8 * byte)) & 0xFF) }
                    }
                    written += 1
                }
            }
        }
        guard written > 0 else { throw CocoaError(.fileReadCorruptFile) }
        try Data(bytes).write(to: url)
    }
}

extension PhoneMedia {
    /// An AAC sound of `seconds` in an M4A; with `cover` (a PNG), the
    /// file carries it as its cover art (`covr`), as music files do.
    static func song(at url: URL, seconds: Int = 3, cover: URL? = nil) throws {
        try render("""
            audiotestsrc wave=sine freq=440 volume=0.3 samplesperbuffer=441 num-buffers=\(seconds * 100) \
            ! audioconvert ! audioresample ! audio/x-raw,rate=44100,channels=2 \
            ! \(MediaRuntime.aacEncoder) ! aacparse ! mp4mux name=mux faststart=true ! filesink name=sink
            """, to: url) { pipeline in
            guard let cover else { return }
            let png = try Data(contentsOf: cover)
            try pipeline.withElement("mux") { mux in setCover(png, on: mux) }
        }
        if cover != nil, try Data(contentsOf: url).range(of: Data("covr".utf8)) == nil {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "mp4mux wrote no cover art"])
        }
    }

    /// Gives the muxer (a GstTagSetter) an `image` tag: a sample of PNG bytes.
    private static func setCover(_ png: Data, on mux: UnsafeMutablePointer<GstElement>) {
        guard let buffer = png.withUnsafeBytes({ gst_buffer_new_memdup($0.baseAddress, gsize($0.count)) }),
              let caps = gst_caps_from_string("image/png") else { return }
        let sample = gst_sample_new(buffer, caps, nil, nil)
        gst_mini_object_unref(UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: GstMiniObject.self))
        gst_mini_object_unref(UnsafeMutableRawPointer(caps).assumingMemoryBound(to: GstMiniObject.self))
        guard let list = gst_tag_list_new_empty() else { return }
        var value = GValue()
        g_value_init(&value, gst_sample_get_type())
        g_value_take_boxed(&value, UnsafeRawPointer(sample))
        gst_tag_list_add_value(list, GST_TAG_MERGE_REPLACE, "image", &value)
        g_value_unset(&value)
        gst_tag_setter_merge_tags(OpaquePointer(mux), list, GST_TAG_MERGE_REPLACE)
        gst_mini_object_unref(UnsafeMutableRawPointer(list).assumingMemoryBound(to: GstMiniObject.self))
    }

    /// The first third of `clip`: its header promises more than is there.
    static func truncated(_ clip: URL, to url: URL) throws {
        let bytes = try Data(contentsOf: clip)
        try bytes.prefix(bytes.count / 3).write(to: url)
    }
}

extension PhoneMedia {
    /// A looping animation saved from the web (``TestPictures/animation(at:)``);
    /// `format` is the file's extension.
    static func animation(_ format: String, at url: URL) throws {
        precondition(url.pathExtension == format, "the file's extension names its format")
        try TestPictures.animation(at: url)
    }
}
