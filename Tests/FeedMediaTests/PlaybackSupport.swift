import CGLib
import CGStreamer
import FeedCore
import FlickTestSupport
import Foundation
@testable import FeedMedia
@testable import FeedDemo

/// Clips for the player tests: three demo clips (4, 7 and 10 s) from the
/// shared ``TestClips`` and a 1 s clip for loops made once per process,
/// small so that several players decode them at once on a two-core machine.
struct PlaybackClips: Sendable {
    let directory: URL
    let videos: [URL]
    let colors: [DemoPalette.Color]
    /// 1 s long.
    let short: URL
    let size: PixelSize

    static let size = PixelSize(width: 144, height: 256)

    /// The clips, or the error making them; made on first use.
    static let shared: Result<PlaybackClips, Error> = Result { try make() }

    static func get() throws -> PlaybackClips { try shared.get() }

    private static func make() throws -> PlaybackClips {
        let library = try TestClips.library(count: 3, size: size)
        // This suite's own one-second clip, made once into the shared test cache.
        var short = DemoMediaPlan(clipCount: 1, clipSize: size).clips[0]
        short.duration = 1
        let pipeline = DemoPipelines.clipVideo(short, aacEncoder: MediaRuntime.aacEncoder)
        let shortURL = try TestClips.clip(named: "short.mp4", recipe: pipeline) { target, folder in
            try DemoMediaJob(item: "short clip", message: "", weight: 1, target: target, pipeline: pipeline, timeout: 60)
                .render(in: folder)
        }
        let directory = TestClips.oneOffDirectory
        let plan = DemoMediaPlan(clipCount: 3, clipSize: size)
        return PlaybackClips(directory: directory, videos: library.clips.map(\.video),
                             colors: plan.clips.map(\.color), short: shortURL, size: size)
    }
}

/// What one player handed over: frame facts (frames themselves are not
/// kept, so the pipeline's buffers go back at once) and events.
@MainActor
final class PlayerRecorder {
    struct Frame {
        var generation: UInt64
        var width: Int
        var height: Int
        var stride: Int
        var pts: Double?
        /// The centre pixel, read from the mapped bytes.
        var centre: (r: Int, g: Int, b: Int)
    }

    private(set) var frames: [Frame] = []
    private(set) var events: [(event: PlayerEvent, generation: UInt64)] = []

    init(_ player: VideoPlayer) {
        player.onFrame = { [weak self] frame in self?.record(frame) }
        player.onEvent = { [weak self] event, generation in self?.events.append((event, generation)) }
    }

    private func record(_ frame: VideoFrame) {
        var size: gsize = 0
        let data = g_bytes_get_data(frame.bytes, &size)!.assumingMemoryBound(to: UInt8.self)
        let offset = (frame.height / 2) * frame.stride + (frame.width / 2) * 4
        precondition(Int(size) >= frame.stride * (frame.height - 1) + frame.width * 4)
        frames.append(Frame(generation: frame.generation, width: frame.width, height: frame.height,
                            stride: frame.stride, pts: frame.pts,
                            centre: Self.rgb(data + offset, frame.format)))
    }

    /// One pixel's colour, read in the byte order `format` says.
    private static func rgb(_ pixel: UnsafePointer<UInt8>, _ format: PixelFormat) -> (r: Int, g: Int, b: Int) {
        let first = Int(pixel[0]), second = Int(pixel[1]), third = Int(pixel[2])
        return format == .bgra8Premultiplied ? (third, second, first) : (first, second, third)
    }

    func frames(of generation: UInt64) -> [Frame] { frames.filter { $0.generation == generation } }

    func saw(_ event: PlayerEvent, generation: UInt64) -> Bool {
        events.contains { $0.event == event && $0.generation == generation }
    }

    /// The first failure of `generation`, if any.
    func failure(of generation: UInt64) -> (code: ErrorCode, status: Int?)? {
        for (event, gen) in events where gen == generation {
            if case .failed(let code, _, let status) = event { return (code, status) }
        }
        return nil
    }

    /// The message of the binding's failure, if it failed.
    func failureMessage(of generation: UInt64) -> String? {
        for (event, gen) in events where gen == generation {
            if case .failed(_, let message, _) = event { return message }
        }
        return nil
    }

    func reset() {
        frames.removeAll()
        events.removeAll()
    }
}

/// The element made by `factory` in `bin`, at any depth, with a new
/// reference the caller drops; nil when there is none.
func element(in bin: UnsafeMutablePointer<GstElement>, factory: String) -> UnsafeMutablePointer<GstElement>? {
    let iterator = gst_bin_iterate_recurse(UnsafeMutableRawPointer(bin).assumingMemoryBound(to: GstBin.self))
    defer { gst_iterator_free(iterator) }
    var value = GValue()
    defer { g_value_unset(&value) }
    while gst_iterator_next(iterator, &value) == GST_ITERATOR_OK {
        let element = g_value_get_object(&value).assumingMemoryBound(to: GstElement.self)
        if let made = gst_element_get_factory(element),
           let name = gst_object_get_name(UnsafeMutableRawPointer(made).assumingMemoryBound(to: GstObject.self)) {
            defer { g_free(name) }
            if String(cString: name) == factory {
                gst_object_ref(UnsafeMutableRawPointer(element))
                return element
            }
        }
        g_value_reset(&value)
    }
    return nil
}
