import FeedMedia
import Foundation

/// The demo feed's extra files besides the generated library: a corrupt
/// "MP4" and an HLS rendition of one clip. Made once, next to the library,
/// and reused.
public struct DemoFeedAssets: Sendable, Equatable {
    /// Bytes that are not a playable video, served as video/mp4; nil if it
    /// could not be written.
    public var corruptVideo: URL?
    /// The HLS playlist (`index.m3u8`, segments beside it); nil when
    /// hlssink2 is missing or the rendition failed.
    public var hlsPlaylist: URL?
    /// What was left out and why, one line each, for the log.
    public var notes: [String]

    public init(corruptVideo: URL?, hlsPlaylist: URL?, notes: [String] = []) {
        self.corruptVideo = corruptVideo
        self.hlsPlaylist = hlsPlaylist
        self.notes = notes
    }

    /// The HLS rendition's folder name inside the library folder.
    static let hlsFolder = "hls"
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
        if let clip = library.clips.first {
            do {
                hlsPlaylist = try DemoHLSRendition.make(from: clip.video,
                                                        into: directory.appendingPathComponent(hlsFolder))
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
