import Foundation
import Testing
@testable import Flick

extension AppUnderX {
    @Suite("Opening a playlist file")
    struct PlaylistUITests {
        @Test("flick LIST.m3u plays its entries in order, relative to the file, spaces and all; a missing entry is left out with a line")
        func localPlaylist() throws {
            let clips = try Fixtures.clips()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-playlist-\(UUID().uuidString)")
            let media = folder.appendingPathComponent("My Clips")
            try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try FileManager.default.copyItem(at: clips[0].video, to: media.appendingPathComponent("first one.mp4"))
            try FileManager.default.copyItem(at: clips[1].video, to: media.appendingPathComponent("second.mp4"))
            let list = folder.appendingPathComponent("week.m3u")
            try Data("#EXTM3U\n#EXTINF:4,First\nMy Clips/first one.mp4\nhttps://example.org/../\u{7}\nMy Clips/second.mp4\n".utf8).write(to: list)

            let app = try AppProcess([list.path, "--report-state"])
            defer { app.stop() }
            let playing = app.waitForState(timeout: 60) { $0.phase == "feed" && $0.itemCount == 2 && $0.playersPlaying == 1 }
            #expect(playing != nil, "\(String(describing: app.latest)); \(app.stderr)")
            #expect(playing?.currentID == media.appendingPathComponent("first one.mp4").absoluteString)
            #expect(app.stderr.contains("skipped a playlist entry"), "\(app.stderr)")
        }

        @Test("a playlist that does not exist is one line and status 1, before any window")
        func missing() throws {
            let app = try AppProcess(["/nonexistent/flick-\(UUID().uuidString).m3u8"])
            #expect(app.waitForExit() == 1)
            #expect(app.stderr.hasPrefix("flick: ") && app.stderr.contains("does not exist"), "\(app.stderr)")
        }
    }
}
