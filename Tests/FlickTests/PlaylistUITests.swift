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

        @Test("named pipes in a playlist, as a video and as a picture, fail on their pages while keys page at once; the window never freezes",
              .timeLimit(.minutes(3)))
        func pipesInAPlaylist() throws {
            let clips = try Fixtures.clips()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-pipes-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try FileManager.default.copyItem(at: clips[0].video, to: folder.appendingPathComponent("one.mp4"))
            try FileManager.default.copyItem(at: clips[1].video, to: folder.appendingPathComponent("two.mp4"))
            for name in ["pipe.mp4", "pipe.png"] {
                #expect(mkfifo(folder.appendingPathComponent(name).path, 0o600) == 0)
            }
            let list = folder.appendingPathComponent("pipes.m3u")
            try Data("one.mp4\npipe.mp4\npipe.png\ntwo.mp4\n".utf8).write(to: list)

            let app = try AppProcess([list.path, "--report-state"], environment: ["FLICK_DEBUG_STALLS": "50"])
            defer { app.stop() }
            let playing = app.waitForState(timeout: 60) { $0.phase == "feed" && $0.itemCount == 4 && $0.playersPlaying == 1 }
            try #require(playing != nil, "\(String(describing: app.latest)); \(app.stderr)")
            let window = try app.focusedWindow()
            // Each pipe's page says what it is; the page after them plays.
            let expected: [(index: Int, error: String?)] = [(1, "UNSUPPORTED_FORMAT"), (2, "UNSUPPORTED_FORMAT"), (3, nil)]
            for step in expected {
                let seen = app.states.count
                let pressed = Date()
                try X11.key("Down", window: window)
                let paged = app.waitForState(after: seen, timeout: 20) { $0.currentIndex == step.index }
                let latency = Date().timeIntervalSince(pressed)
                #expect(paged != nil, "\(String(describing: app.latest)); \(app.stderr)")
                // A bound, not a speed target: a pipe opened on the GTK thread froze the window for good.
                #expect(latency < 2, "page \(step.index) came \(latency) s after the key")
                let settled = app.waitForState(timeout: 30) { state in
                    guard state.currentIndex == step.index else { return false }
                    if let code = step.error { return state.currentError == code }
                    return state.playersPlaying == 1 && state.currentError == nil
                }
                #expect(settled != nil, "page \(step.index): \(String(describing: app.latest)); \(app.stderr)")
            }
            // No turn froze the window, and binding a player (where a pipe's
            // open used to run) never held the GTK thread 50 ms.
            let stalls = StallLine.all(in: app.stderr)
            #expect(stalls.allSatisfy { $0.milliseconds < 1000 }, "\(stalls)")
            #expect(stalls.allSatisfy { ($0.sections["player load"] ?? 0) < 50 }, "\(stalls)")
        }

        @Test("a playlist that does not exist is one line and status 1, before any window")
        func missing() throws {
            let app = try AppProcess(["/nonexistent/flick-\(UUID().uuidString).m3u8"])
            #expect(app.waitForExit() == 1)
            #expect(app.stderr.hasPrefix("flick: ") && app.stderr.contains("does not exist"), "\(app.stderr)")
        }
    }
}
