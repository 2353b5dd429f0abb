import FeedMedia
import Foundation

/// An HLS (MPEG-TS segments + playlist) copy of one demo clip, made with
/// hlssink2 from gst-plugins-bad without re-encoding: the clips have a key
/// frame every second, so segments of about two seconds cut cleanly.
/// Public for the tests' servers (a Bluesky video is an HLS master).
public enum DemoHLSRendition {
    public enum Failure: Error, CustomStringConvertible {
        case missingElement
        /// What encoding a rendition again needs (x264enc, avdec_h264, videoscale).
        case cannotEncode
        case failed(String)

        public var description: String {
            switch self {
            case .missingElement: return "GStreamer's hlssink2 is missing (install gstreamer1.0-plugins-bad)"
            case .cannotEncode: return "GStreamer cannot encode renditions (x264enc, avdec_h264 or videoscale is missing)"
            case .failed(let reason): return "the HLS rendition failed: \(reason)"
            }
        }
    }

    public static let playlistName = "index.m3u8"

    /// Whether GStreamer starts and has hlssink2.
    static var isAvailable: Bool {
        (try? MediaRuntime.initialize()) != nil && MediaRuntime.has("hlssink2")
    }

    /// Segment length asked of hlssink2, in seconds.
    static let targetDuration = 2

    /// A picture size and rate to encode the clip again at (one rendition
    /// of a master, ``DemoHLSMaster``).
    struct Encoding: Sendable, Equatable {
        var width: Int
        var height: Int
        var kilobitsPerSecond: Int
    }

    /// Makes `folder/index.m3u8` and its segments from `clip` unless a
    /// finished playlist is already there: its streams as they are, or
    /// the picture encoded again as `encoding` says. Blocking. Returns
    /// the playlist.
    public static func make(from clip: URL, into folder: URL) throws -> URL {
        try make(from: clip, into: folder, encoding: nil)
    }

    static func make(from clip: URL, into folder: URL, encoding: Encoding?) throws -> URL {
        let playlist = folder.appendingPathComponent(playlistName)
        if isFinished(playlist) { return playlist }
        try MediaRuntime.initialize()
        guard MediaRuntime.has("hlssink2") else { throw Failure.missingElement }
        if encoding != nil, !["x264enc", "avdec_h264", "videoscale"].allSatisfy(MediaRuntime.has) { throw Failure.cannotEncode }

        // Made in a temporary folder and renamed into place, so a folder
        // under the final name always holds a finished rendition.
        let parent = folder.deletingLastPathComponent()
        let temp = parent.appendingPathComponent(".\(folder.lastPathComponent).\(UUID().uuidString.prefix(8)).part")
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(at: temp, withIntermediateDirectories: true)
            defer { try? fileManager.removeItem(at: temp) }
            let pipeline = try MediaPipeline(encoding.map(description(encoding:)) ?? description)
            try pipeline.set("src", "location", string: clip.path)
            try pipeline.set("hls", "location", string: temp.appendingPathComponent("segment%05d.ts").path)
            try pipeline.set("hls", "playlist-location", string: temp.appendingPathComponent(playlistName).path)
            try pipeline.runToEnd(timeout: 60)
            pipeline.stop()
            try endList(temp.appendingPathComponent(playlistName))
            try? fileManager.removeItem(at: folder)
            try fileManager.moveItem(at: temp, to: folder)
        } catch let failure as Failure {
            throw failure
        } catch let failure as MediaPipelineFailure {
            switch failure {
            case .timedOut(let seconds): throw Failure.failed("it took longer than \(Int(seconds)) s")
            case .error(let error): throw Failure.failed("\(error)")
            }
        } catch let error as GStreamerError {
            throw Failure.failed(error.description)
        } catch {
            throw Failure.failed((error as NSError).localizedDescription)
        }
        guard isFinished(playlist) else { throw Failure.failed("no playlist was written") }
        return playlist
    }

    /// Demux the MP4 and hand the H.264 and AAC streams to hlssink2 as they are.
    static let description = """
        filesrc name=src ! qtdemux name=demux \
        demux.video_0 ! queue ! h264parse ! hls.video \
        demux.audio_0 ! queue ! aacparse ! hls.audio \
        hlssink2 name=hls target-duration=\(targetDuration) max-files=0 playlist-length=0
        """

    /// The clip's picture decoded, scaled and encoded again (2-s key
    /// frames, so segments cut as the copy's do); its sound as it is.
    static func description(encoding: Encoding) -> String {
        """
        filesrc name=src ! qtdemux name=demux \
        demux.video_0 ! queue ! h264parse ! avdec_h264 ! videoconvert ! videoscale \
        ! video/x-raw,width=\(encoding.width),height=\(encoding.height),pixel-aspect-ratio=1/1 \
        ! x264enc speed-preset=ultrafast bframes=0 key-int-max=30 bitrate=\(encoding.kilobitsPerSecond) \
        ! h264parse ! hls.video \
        demux.audio_0 ! queue ! aacparse ! hls.audio \
        hlssink2 name=hls target-duration=\(targetDuration) max-files=0 playlist-length=0
        """
    }

    /// A playlist that lists at least one segment and ends (video on demand).
    static func isFinished(_ playlist: URL) -> Bool {
        guard let text = try? String(contentsOf: playlist, encoding: .utf8) else { return false }
        return text.contains("#EXTINF") && text.contains("#EXT-X-ENDLIST")
    }

    /// Marks the playlist as complete if hlssink2 did not, so players treat
    /// it as video on demand instead of polling it as a live stream.
    private static func endList(_ playlist: URL) throws {
        var text = try String(contentsOf: playlist, encoding: .utf8)
        guard !text.contains("#EXT-X-ENDLIST") else { return }
        if !text.hasSuffix("\n") { text += "\n" }
        text += "#EXT-X-ENDLIST\n"
        try text.write(to: playlist, atomically: true, encoding: .utf8)
    }
}
