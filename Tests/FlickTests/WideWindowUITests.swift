import FeedMedia
import Foundation
import Testing

extension AppUnderX {
    /// A desktop window around a phone-shaped post: under auto fit, a wide
    /// window shows the whole post with its controls beside it and buttons
    /// to page; the default window fills the page as a phone does.
    @Suite("Wide windows")
    struct WideWindowUITests {
        static let green: UInt32 = 0x00_FF_00
        static let blue: UInt32 = 0x00_00_FF
        static let red: UInt32 = 0xE0_20_20
        /// The narrowest window with paging buttons (the app's PagingButtons.minimumWidth).
        static let pagingMinimumWidth = 600

        /// A 180×320 clip: a green band over its top tenth, a blue one
        /// under its bottom tenth, red between.
        private func bandedFolder() throws -> URL {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-wide-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try PhoneMedia.render("""
                videotestsrc pattern=solid-color foreground-color=0xFFE02020 num-buffers=90 \
                ! video/x-raw,width=180,height=256,framerate=30/1,pixel-aspect-ratio=1/1 \
                ! videobox top=-32 fill=green ! videobox bottom=-32 fill=blue ! videoconvert \
                ! video/x-raw,format=I420 ! x264enc speed-preset=ultrafast bframes=0 key-int-max=30 \
                ! h264parse ! mp4mux faststart=true ! filesink name=sink
                """, to: folder.appendingPathComponent("banded.mp4"))
            return folder
        }

        /// Whether `colour` is within a few steps of `expected` in each channel.
        private func near(_ colour: UInt32, _ expected: UInt32) -> Bool {
            for shift in [0, 8, 16] {
                let have = Int((colour >> UInt32(shift)) & 0xFF)
                let want = Int((expected >> UInt32(shift)) & 0xFF)
                if abs(have - want) > 48 { return false }
            }
            return true
        }

        @Test("at 1280×720 a portrait clip shows whole: its top and bottom bands are both on screen, the like rail lies beside it, the paging buttons show (not in fullscreen; beside the sidebar at 600 px), a local file has no More menu and shows in the file manager; back at 420×760 it fills the page")
        func wideWindowShowsTheWholePost() throws {
            let manager = try WindowManager()
            defer { manager.stop() }
            let folder = try bandedFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let tree = try AccessibleTree()
            let files = try StandInFileManager(bus: tree.bus)
            let app = try AppProcess([folder.path, "--report-state"], environment: tree.environment)
            let narrow = try #require(app.waitForState(timeout: 30) { $0.currentReady == true && $0.currentFrameSource != nil },
                                      "the clip plays: \(app.stderr)")
            #expect(narrow.contentFit == "auto")
            #expect(narrow.effectiveFit == "cover", "a phone-shaped window fills its page as before")
            #expect(narrow.pagingButtons == false, "no paging buttons in a narrow window")

            let window = try app.focusedWindow()
            try X11.run(["xdotool", "windowsize", window, "1280", "720"])
            try X11.waitForGeometry(window) { $0 == (1280, 720) }
            let wide = try #require(app.waitForState(timeout: 15) { $0.effectiveFit == "contain" && $0.pagingButtons == true },
                                    "the wide window contains the post: \(String(describing: app.latest))")
            #expect(wide.currentReady == true)

            // The page lies under the header bar; the post is centred in it.
            let shot = app.home.appendingPathComponent("wide.png")
            var top: UInt32 = 0
            var bottom: UInt32 = 0
            let deadline = Date().addingTimeInterval(5)
            repeat {
                try X11.run(["import", "-window", window, shot.path])
                top = try X11.pixel(shot, x: 640, y: 90)
                bottom = try X11.pixel(shot, x: 640, y: 705)
            } while !(near(top, Self.green) && near(bottom, Self.blue)) && Date() < deadline
            #expect(near(top, Self.green), "the clip's top band shows: \(String(top, radix: 16))")
            #expect(near(bottom, Self.blue), "the clip's bottom band shows: \(String(bottom, radix: 16))")
            let middle = try X11.pixel(shot, x: 640, y: 400)
            #expect(near(middle, Self.red), "and its middle: \(String(middle, radix: 16))")

            let nodes = try tree.nodes(of: app.process.processIdentifier)
            let like = try #require(nodes.first { $0.name.hasPrefix("Like") && $0.role.hasSuffix("button") }?.extents,
                                    "the like button says where it is: \(nodes.filter { $0.role.hasSuffix("button") }.map { "\($0.name) \($0.role) \($0.showing) \(String(describing: $0.extents))" })")
            // The post is 9:16 in the page's height, centred in the page
            // (whose pictures are named after the post): its right edge.
            let page = try #require(nodes.compactMap { $0.name == wide.currentLabel ? $0.extents : nil }.max { $0[3] < $1[3] },
                                    "the page says where it is")
            let postRight = page[0] + page[2] / 2 + Int((Double(page[3]) * 9 / 32).rounded(.up))
            #expect(like[0] >= postRight, "the rail is right of the post (button at x \(like[0]), post ends by \(postRight))")
            let buttons = nodes.filter { ($0.name == "Next post" || $0.name == "Previous post") && $0.role.hasSuffix("button") }
            #expect(buttons.count == 2 && buttons.allSatisfy { ($0.extents?[0] ?? 0) > like[0] },
                    "the paging buttons at the window's right edge: \(buttons.map(\.extents))")

            #expect(!nodes.contains { $0.name == "More" && $0.role.hasSuffix("button") },
                    "a file of this computer offers no More menu (no Save)")
            #expect(nodes.contains { $0.name == "Show in Files" }, "its open button shows it in Files")
            try tree.press("Show in Files", in: app.process.processIdentifier)
            let clip = folder.appendingPathComponent("banded.mp4").absoluteString
            #expect(files.calls(timeout: 10) == ["ShowItems \(clip)"], "the file manager on the bus was asked to show the clip")

            // Fullscreen hides the paging buttons; leaving it shows them again.
            var seen = app.states.count
            try X11.key("f", window: window)
            #expect(app.waitForState(after: seen, timeout: 10) { $0.fullscreen == true && $0.pagingButtons == false } != nil,
                    "no paging buttons in fullscreen: \(String(describing: app.latest))")
            seen = app.states.count
            try X11.key("Escape", window: window)
            #expect(app.waitForState(after: seen, timeout: 10) { $0.fullscreen == false && $0.pagingButtons == true } != nil,
                    "back from fullscreen they show: \(String(describing: app.latest))")
            try X11.waitForGeometry(window) { $0 == (1280, 720) }

            // At the narrowest width that has them, the sources sidebar sits
            // beside the feed (it folds over the feed only in narrower
            // windows, which have no paging buttons): they stay, right of it.
            try X11.run(["xdotool", "windowsize", window, "\(Self.pagingMinimumWidth)", "720"])
            try X11.waitForGeometry(window) { $0 == (Self.pagingMinimumWidth, 720) }
            // The sidebar unfolds, shown, as the window widens; F9 hides and shows it.
            let shownBefore = try #require(app.latest?.sidebarShown)
            for _ in 0..<(shownBefore ? 2 : 1) {
                seen = app.states.count
                let wanted = !(app.latest?.sidebarShown ?? false)
                try X11.key("F9", window: window)
                #expect(app.waitForState(after: seen, timeout: 10) { $0.sidebarShown == wanted } != nil, "F9: \(String(describing: app.latest))")
            }
            let beside = app.latest
            #expect(beside?.pagingButtons == true, "\(String(describing: app.latest))")
            let withSidebar = try tree.nodes(of: app.process.processIdentifier)
            let sidebarRight = withSidebar.filter { $0.name == "Sources" }.compactMap { $0.extents.map { $0[0] + $0[2] } }.max() ?? 0
            let next = withSidebar.first { $0.name == "Next post" && $0.role.hasSuffix("button") }?.extents
            #expect(sidebarRight > 0 && (next?[0] ?? 0) >= sidebarRight,
                    "the paging buttons lie right of the sidebar (\(sidebarRight)): \(String(describing: next))")
            seen = app.states.count
            try X11.key("F9", window: window)
            #expect(app.waitForState(after: seen, timeout: 10) { $0.sidebarShown == false && $0.pagingButtons == true } != nil)

            try X11.run(["xdotool", "windowsize", window, "420", "760"])
            try X11.waitForGeometry(window) { $0 == (420, 760) }
            let back = app.waitForState(timeout: 15) { $0.effectiveFit == "cover" && $0.pagingButtons == false }
            #expect(back != nil, "effective_fit follows the window back: \(String(describing: app.latest))")
        }
    }
}
