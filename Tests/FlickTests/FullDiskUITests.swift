import FeedCore
import Foundation
import Testing
@testable import FeedMedia
@testable import FeedDemo

extension AppUnderX {
    /// The real app with its media cache on a disk that fills after a few posts.
    @Suite("Playing with a full disk")
    struct FullDiskUITests {
        @Test("every post of a feed plays when the cache's disk fills halfway through; the user is told once; nothing cached is damaged")
        func everyPostPlays() throws {
            let clips = try Fixtures.clips()
            let server = MediaServer()
            let base = try server.startOnOwnThread()
            defer { server.stop() }
            for (index, clip) in clips.enumerated() { server.serveFile(clip.video, at: "/clip-\(index).mp4", contentType: "video/mp4") }
            let run = UUID().uuidString
            let count = 12
            let items = (0..<count).map { index in
                #"{"id": "full-\#(run)-\#(index)", "type": "video", "uri": "\#(base.absoluteString)clip-\#(index % clips.count).mp4"}"#
            }
            let feed = #"{"items": [\#(items.joined(separator: ","))], "next": null}"#
            server.serveJSON(at: "/feed.json") { _ in Data(feed.utf8) }

            // A cache home of its own whose media folder has room for 400 kB:
            // less than the current and next posts, which are never dropped to
            // make room, so the cache must stop writing.
            let cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("flick-full-\(run)")
            defer { try? FileManager.default.removeItem(at: cacheHome) }
            let media = cacheHome.appendingPathComponent("io.github.flick.Flick/media")
            try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
            let limit = 400_000
            let mounted = getuid() == 0 && (try? X11.run(["mount", "-t", "tmpfs", "-o", "size=\(limit)", "tmpfs", media.path])) != nil
            defer { if mounted { _ = try? X11.run(["umount", media.path]) } }
            let environment = ["XDG_CACHE_HOME": cacheHome.path,
                               "GST_REGISTRY": AppProcess.sharedCache.appendingPathComponent("gst-registry.bin").path]
            // Without root, the file size limit stands in for the disk (Flick ignores SIGXFSZ).
            let wrapper = mounted ? [] : ["prlimit", "--fsize=\(limit)", "--"]

            let app = try AppProcess([base.absoluteString + "feed.json", "--report-state"],
                                     wrapper: wrapper, environment: environment)
            let first = app.waitForState(timeout: 30) { $0.phase == "feed" && $0.itemCount == count }
            #expect(first != nil, "\(String(describing: app.latest)); \(app.stderr)")
            let window = try app.focusedWindow()
            for index in 0..<count {
                let id = "full-\(run)-\(index)"
                let playing = app.waitForState(timeout: 30) {
                    $0.currentID == id && $0.playersPlaying == 1 && $0.currentFrameSource != nil && $0.currentError == nil
                }
                #expect(playing != nil, "post \(index) did not play: \(String(describing: app.latest)); \(app.stderr)")
                if index < count - 1 { try X11.key("Down", window: window) }
            }
            #expect(!app.states.contains { $0.currentError != nil }, "no post showed an error card")
            #expect(app.latest?.toastsShown == 1, "the user is told once that the cache is full")
            app.stop()

            // What the cache kept is whole: every entry still matches its checksums.
            let store = try RangeStore(directory: media)
            defer { store.close() }
            #expect(!store.keys.isEmpty, "the first posts were cached before the disk filled")
            for key in store.keys { #expect(store.verify(key), "\(key)") }
        }
    }
}
