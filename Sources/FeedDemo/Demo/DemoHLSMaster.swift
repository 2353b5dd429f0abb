import Foundation

/// The demo's HLS posts as sites serve them: a master playlist of three
/// renditions of one clip (the library's longest) (240p, 480p and 720p, lowest first, as PeerTube
/// writes them), each encoded again with its own rate, so the window's
/// ceiling, the quality setting and the data saver have something to
/// choose from, and `flick bench --mode hls,saver` something to measure.
/// Made once into the library's folder and reused.
enum DemoHLSMaster {
    static let masterName = "master.m3u8"

    /// The renditions: folder, picture size, rate asked of the encoder.
    static let renditions: [(folder: String, encoding: DemoHLSRendition.Encoding)] = [
        ("r240", .init(width: 240, height: 426, kilobitsPerSecond: 350)),
        ("r480", .init(width: 480, height: 854, kilobitsPerSecond: 900)),
        ("r720", .init(width: 720, height: 1280, kilobitsPerSecond: 2_400)),
    ]

    /// Makes `folder/master.m3u8` and its renditions from `clip` unless a
    /// finished master is there. Blocking (each rendition is encoded).
    /// Returns the master.
    static func make(from clip: URL, into folder: URL) throws -> URL {
        let master = folder.appendingPathComponent(masterName)
        if FileManager.default.fileExists(atPath: master.path),
           renditions.allSatisfy({ DemoHLSRendition.isFinished(folder.appendingPathComponent("\($0.folder)/\(DemoHLSRendition.playlistName)")) }) {
            return master
        }
        var text = "#EXTM3U\n#EXT-X-VERSION:3\n"
        for (name, encoding) in renditions {
            let playlist = try DemoHLSRendition.make(from: clip, into: folder.appendingPathComponent(name), encoding: encoding)
            text += "#EXT-X-STREAM-INF:BANDWIDTH=\(peakBandwidth(of: playlist)),RESOLUTION=\(encoding.width)x\(encoding.height),"
            text += "CODECS=\"avc1.42c01e,mp4a.40.2\"\n\(name)/\(DemoHLSRendition.playlistName)\n"
        }
        do {
            try text.write(to: master, atomically: true, encoding: .utf8)
        } catch {
            throw DemoHLSRendition.Failure.failed("the master playlist could not be written (\((error as NSError).localizedDescription))")
        }
        return master
    }

    /// BANDWIDTH as packagers write it, a peak: the largest segment's bits
    /// over its duration (the playlist's `#EXTINF`), in bits per second.
    static func peakBandwidth(of playlist: URL) -> Int {
        guard let text = try? String(contentsOf: playlist, encoding: .utf8) else { return 0 }
        var duration: Double?
        var peak = 0.0
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("#EXTINF:") {
                duration = Double(line.dropFirst("#EXTINF:".count).prefix { $0 != "," })
            } else if !line.hasPrefix("#"), !line.isEmpty, let seconds = duration, seconds > 0 {
                let size = (try? FileManager.default.attributesOfItem(atPath: playlist.deletingLastPathComponent()
                    .appendingPathComponent(line).path))?[.size] as? Int ?? 0
                peak = max(peak, Double(size) * 8 / seconds)
                duration = nil
            }
        }
        return Int(peak.rounded())
    }
}
