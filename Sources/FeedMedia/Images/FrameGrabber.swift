import CGLib
internal import CGStreamer
import FeedCore
import FeedSources
import Foundation

/// Takes one still from a video with a short-lived pipeline.
///
/// Stateless; blocking; any thread. Each call builds its own pipeline and
/// has set it to NULL and unreffed it before it returns.
public enum FrameGrabber {
    /// How long opening and prerolling may take, in seconds.
    static let timeout = 5.0

    /// The first frame of a video (any URI GStreamer plays: file://, http://)
    /// at the page size, upright: uridecodebin → videoconvert → videoscale →
    /// videoflip → appsink (BGRA), prerolled to PAUSED. A ``ScaleRequest``,
    /// as in the players, scales to the size ContentFit picks for the
    /// stream as shown and turns it by its orientation tag; cover then crops
    /// to the box. Blocking with a 5 s timeout; any thread.
    public static func firstFrame(uri: String, box: PixelSize, fit: ContentFit) throws -> DecodedImage {
        try MediaRuntime.initialize()
        if let path = FileSystemPath(uri: uri) {
            // The file system's bytes: a name that is not UTF-8 is still this file.
            if path.withCString({ access($0, R_OK) }) != 0 {
                throw MediaDecodeError.unreadable(uri, reason: String(cString: strerror(errno)))
            }
            // Opening a named pipe never returns: this thread would be lost.
            try ImageDecoder.checkRegular(path)
        }
        let pipeline: MediaPipeline
        do {
            pipeline = try MediaPipeline("""
                uridecodebin name=source ! videoconvert ! videoscale name=scale \
                ! capsfilter name=size caps=\(ScaleRequest.anySize) \
                ! videoflip name=flip ! appsink name=sink sync=false max-buffers=1 enable-last-sample=false
                """)
            try pipeline.set("source", "uri", string: uri)
            // The players' own sizing and turning, for one frame.
            try pipeline.withElement("scale") { scaler in
                try pipeline.withElement("size") { size in
                    try pipeline.withElement("flip") { flip in
                        ScaleRequest.install(on: scaler, capsfilter: size, flip: flip).set(box: box, fit: fit)
                    }
                }
            }
        } catch {
            throw MediaDecodeError.notAVideo(uri, reason: "\(error)")
        }
        defer { pipeline.stop() }
        do {
            try pipeline.preroll(timeout: timeout)
        } catch .timedOut(let seconds) {
            throw MediaDecodeError.timedOut(uri, seconds: seconds)
        } catch .error(let error) {
            throw error.isUnreadable ? MediaDecodeError.unreadable(uri, reason: error.message)
                                     : MediaDecodeError.notAVideo(uri, reason: error.message)
        }
        return try pipeline.withElement("sink") { sink in
            guard let sample = gst_app_sink_pull_preroll(UnsafeMutableRawPointer(sink).assumingMemoryBound(to: GstAppSink.self)) else {
                throw MediaDecodeError.notAVideo(uri, reason: "no video frame")
            }
            defer { gst_sample_unref(sample) }
            guard let image = crop(sample, box: box, fit: fit) else {
                throw MediaDecodeError.notAVideo(uri, reason: "the frame could not be read")
            }
            return image
        }
    }

    /// Maps the sample's frame and copies the part `fit` shows into a packed image.
    private static func crop(_ sample: OpaquePointer, box: PixelSize, fit: ContentFit) -> DecodedImage? {
        guard let caps = gst_sample_get_caps(sample), let buffer = gst_sample_get_buffer(sample),
              let info = gst_video_info_new_from_caps(caps) else { return nil }
        defer { gst_video_info_free(info) }
        var frame = GstVideoFrame()
        guard gst_video_frame_map(&frame, info, buffer, GST_MAP_READ) != 0 else { return nil }
        defer { gst_video_frame_unmap(&frame) }
        let decoded = PixelSize(width: Int(frame.info.width), height: Int(frame.info.height))
        guard decoded.width > 0, decoded.height > 0, let base = frame.data.0 else { return nil }
        return DecodedImage.copying(from: UnsafeRawPointer(base), sourceStride: Int(frame.info.stride.0),
                                    rect: fit.visibleRect(decoded: decoded, box: box),
                                    format: .bgra8Premultiplied)
    }
}
