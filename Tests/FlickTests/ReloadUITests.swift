import FeedCore
import FeedMedia
import Foundation
import Testing

extension AppUnderX {
    /// Ctrl+R replaces the feed and keeps what the user was watching.
    @Suite("Reloading the feed")
    struct ReloadUITests {
        @Test("Ctrl+R keeps the current video playing and moves to where it now is")
        func reloadKeepsCurrent() throws {
            let clips = try Fixtures.clips()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-reload-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let now = Date()
            for (offset, clip) in clips.enumerated() {
                let target = folder.appendingPathComponent(clip.video.lastPathComponent)
                try FileManager.default.copyItem(at: clip.video, to: target)
                try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-Double(offset + 1) * 600)],
                                                      ofItemAtPath: target.path)
            }
            let app = try AppProcess([folder.path, "--report-state"])
            let playing = app.waitForState(timeout: 30) { $0.phase == "feed" && $0.playersPlaying == 1 && $0.currentFrameSource != nil }
            let watched = try #require(playing?.currentID)
            let window = try app.focusedWindow()

            // Two newer pictures arrive in the folder: they sort first.
            for name in ["new-a.png", "new-b.png"] {
                try Fixtures.writePicture(folder.appendingPathComponent(name), width: 60, height: 90, rgb: 0x336699)
            }
            let seen = app.states.count
            try X11.key("ctrl+r", window: window)
            let moved = app.waitForState(after: seen, timeout: 10) { $0.itemCount == 4 }
            #expect(moved?.currentID == watched, "the same post stays current")
            #expect(moved?.currentIndex == 2, "and the view moved to where it now is")
            let after = app.states.dropFirst(seen)
            #expect(after.allSatisfy { $0.currentID == watched }, "never another post in between")
            #expect(after.allSatisfy { $0.playersPlaying == 1 }, "it kept playing: \(Array(after))")
            #expect(after.allSatisfy { $0.currentFrameSource != nil }, "its video stayed on screen")
        }
    }
}
