import FeedMedia
import Foundation

/// The demo feed's extra files besides the generated library: a corrupt
/// "MP4" and an HLS master of three renditions of its longest clip (``DemoHLSMaster``).
/// Made once, next to the library, and reused.
public struct DemoFeedAssets: Sendable, Equatable {
    /// Bytes that are not a playable video, served as video/mp4; nil if it
    /// could not be written.
    public var corruptVideo: URL?
    /// The HLS master playlist (`master.m3u8`, a folder per rendition
    /// beside it); nil when GStreamer cannot make it.
    public var hlsPlaylist: URL?
    /// What was left out and why, one line each, for the log.
    public var notes: [String]

    public init(corruptVideo: URL?, hlsPlaylist: URL?, notes: [String] = []) {
        self.corruptVideo = corruptVideo
        self.hlsPlaylist = hlsPlaylist
        self.notes = notes
    }

    /// The HLS master's folder inside the library folder, named after the
    /// clip it is made from (`hls-clip-03`).
    static func hlsFolder(for clip: DemoClip) -> String {
        "hls-\(clip.video.deletingPathExtension().lastPathComponent)"
    }
    static let corruptName = "corrupt.mp4"

    /// Makes what is missing under `directory` (the library's folder) from
    /// the library's first clip. Blocking (GStreamer runs to the end for
    /// the HLS rendition): call from a worker thread. Never throws: what
    /// cannot be made is left out with a note.
    public static func prepare(library: DemoMediaLibrary, in directory: URL) -> DemoFeedAssets {
        var notes: [String] = []
        let corrupt = directory.appendingPathComponent(corruptName)
        var corruptVideo: URL? = corrupt
        if !DemoMediaGenerator.isComplete(corrupt) {
            do {
                try corruptBytes().write(to: corrupt, options: .atomic)
            } catch {
                corruptVideo = nil
                notes.append("No corrupt video in the demo feed: \((error as NSError).localizedDescription)")
            }
        }

        var hlsPlaylist: URL?
        if let clip = DemoFeedEntry.hlsSource(of: library.clips) {
            do {
                hlsPlaylist = try DemoHLSMaster.make(from: clip.video, into: directory.appendingPathComponent(hlsFolder(for: clip)))
            } catch {
                notes.append("No HLS items in the demo feed: \(error)")
            }
        } else {
            notes.append("No HLS items in the demo feed: the library has no clips")
        }
        return DemoFeedAssets(corruptVideo: corruptVideo, hlsPlaylist: hlsPlaylist, notes: notes)
    }

    /// An MP4 file-type box followed by random bytes: it looks like an MP4
    /// to type finding, so the player fails in the demuxer, as with a
    /// damaged upload, rather than as "not a video".
    static func corruptBytes(count: Int = 256 * 1024) -> Data {
        var data = Data([0, 0, 0, 0x18]) + Data("ftypisom".utf8) + Data([0, 0, 2, 0]) + Data("isomiso2".utf8)
        var generator = SystemRandomNumberGenerator()
        data.append(contentsOf: (0..<max(0, count - data.count)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        return data
    }
}
