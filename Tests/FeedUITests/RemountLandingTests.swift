import CGLib
import CGtk
import FeedCore
import FeedDemo
import FeedGObject
import FeedMedia
import FeedSources
import FeedUI
import FlickTestSupport
import Foundation
import Testing

/// A feed view torn down and built again over the same session (what
/// `--stress remount` and reopening the window do): the new view mounts its
/// current page first and the pages beside it after its first paint, and
/// those later pages still show the frames their prepared players hold.
/// Real players on clips made here, in a real window on the test display.
@MainActor
@Suite("Building a view again over a session", .serialized)
struct RemountLandingTests {
    @MainActor
    final class Harness {
        let window: WidgetPointer
        let session: FeedSession
        private(set) var view: FeedView
        private(set) var states: [FeedState] = []
        let folder: URL

        init() throws {
            gtk_init()
            try MediaRuntime.initialize()
            // The pictures' cache only; the clips are the shared ones.
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-remount-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let items = try TestClips.library(count: 3, size: PixelSize(width: 180, height: 320)).clips.map { clip in
                FeedItem(id: "clip-\(clip.number)", kind: .video, uri: clip.video.absoluteString,
                         width: clip.width, height: clip.height, duration: clip.duration)
            }
            session = FeedSession(source: ArrayFeedSource(items), media: MediaEngine(imageDirectory: folder))
            session.start()
            view = FeedView(session: session)
            window = gtk_window_new()!
            gtk_window_set_default_size(gcast(window), 360, 640)
            gtk_window_set_child(gcast(window), view.widget)
            listen()
            gtk_window_present(gcast(window))
        }

        /// What the app does on a remount: a new view over the session
        /// takes the old one's place.
        func remount() {
            let old = view
            view = FeedView(session: session)
            states = []
            listen()
            old.shutdown()
            gtk_window_set_child(gcast(window), view.widget)
        }

        /// Runs the main loop through the window's next paint: a page given
        /// a frame counts it shown once a paint has drawn it.
        func waitForPaint() -> Bool {
            guard let clock = gtk_widget_get_frame_clock(window) else { return false }
            var painted = false
            let connection = Signals.connect(clock, "after-paint") { painted = true }
            defer { connection?.disconnect() }
            gtk_widget_queue_draw(view.widget)
            return pump(5) { painted }
        }

        func close() {
            view.shutdown()
            session.shutdown()
            gtk_window_destroy(gcast(window))
            try? FileManager.default.removeItem(at: folder)
        }

        var latest: FeedState? { states.last }

        /// Runs the main loop until `condition` or `seconds` pass.
        @discardableResult
        func pump(_ seconds: Double = 10, until condition: () -> Bool = { false }) -> Bool {
            MainLoop.run(seconds, until: condition)
        }

        private func listen() {
            let view = self.view
            view.addStateListener { [weak self, weak view] state in
                guard let self, let view, view === self.view else { return }
                self.states.append(state)
            }
        }
    }

    /// The first post playing and the next one prepared: a settled feed.
    private func settled(_ harness: Harness) -> Bool {
        guard let state = harness.latest else { return false }
        return state.settled && state.currentIndex == 0 && state.ttffMilliseconds != nil
            && state.currentFrameSource != nil && state.playersPlaying == 1 && state.playersPrepared >= 1
            && state.mountedPages == 3
    }

    @Test("a new view paints its current page alone first, then mounts the others, and the next post lands on its held frame")
    func theNextPostLandsOnItsHeldFrameAfterARemount() throws {
        let harness = try Harness()
        defer { harness.close() }
        #expect(harness.pump(30) { settled(harness) }, "the feed settles: \(String(describing: harness.latest))")

        harness.remount()
        #expect(harness.pump(10) { settled(harness) }, "the new view settles: \(String(describing: harness.latest))")
        // Its first report has the current page only; the others came after it was painted.
        #expect(harness.states.first?.mountedPages == 1, "first: \(String(describing: harness.states.first))")
        #expect(harness.states.first?.currentFrameSource != nil, "the current page had its frame before the first paint")

        // The next post's page was mounted after its player prepared (and went
        // quiet): it shows the held frame, so once a paint has drawn it,
        // landing there waits for nothing.
        #expect(harness.waitForPaint(), "the window paints")
        harness.view.perform(.nextPage)
        #expect(harness.pump(10) { harness.latest?.currentIndex == 1 && harness.latest?.ttffMilliseconds != nil },
                "landed on the next post: \(String(describing: harness.latest))")
        #expect(harness.latest?.ttffMilliseconds == 0, "TTFF \(String(describing: harness.latest?.ttffMilliseconds))")
    }
}
