import CFlickTestShim
import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import FeedSources
import FeedUI
import FlickTestSupport
import Foundation
import Testing

/// Touchpad swipes through the feed's own GtkEventControllerScroll. Xvfb has
/// no touchpad, so the test emits the controller's signals as GTK does for
/// one: `scroll-begin`, a run of `scroll` deltas, `scroll-end` (then
/// `decelerate`); a wheel's notches come as `scroll` alone. A real window
/// on the test display, in this process.
@MainActor
@Suite("Touchpad and wheel paging", .serialized)
struct TouchpadPagingTests {
    /// A window showing a feed of `count` pictures, and the states it reported.
    @MainActor
    final class Harness {
        let window: WidgetPointer
        let view: FeedView
        /// The feed's items, players and pictures; the view shows it.
        let session: FeedSession
        private(set) var states: [FeedState] = []
        let folder: URL

        init(count: Int = 6) throws {
            gtk_init()
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-touchpad-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var items: [FeedItem] = []
            for index in 0..<count {
                let file = folder.appendingPathComponent("pic-\(index).png")
                try Self.writePicture(file, rgb: UInt32(0x30_30_30 + index * 0x20_10_00))
                items.append(FeedItem(id: "pic-\(index)", kind: .image, uri: file.absoluteString, width: 90, height: 160))
            }
            session = FeedSession(source: ArrayFeedSource(items), media: MediaEngine(imageDirectory: folder))
            session.start()
            view = FeedView(session: session)
            window = gtk_window_new()!
            gtk_window_set_default_size(gcast(window), 360, 640)
            gtk_window_set_child(gcast(window), view.widget)
            view.addStateListener { [weak self] state in self?.states.append(state) }
            gtk_window_present(gcast(window))
        }

        func close() {
            view.shutdown()
            session.shutdown()
            gtk_window_destroy(gcast(window))
            try? FileManager.default.removeItem(at: folder)
        }

        /// The feed's scroll controller (the first GtkEventControllerScroll on it).
        var scrollController: UnsafeMutableRawPointer? {
            guard let list = gtk_widget_observe_controllers(view.widget) else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(list)) }
            for index in 0..<g_list_model_get_n_items(list) {
                guard let item = g_list_model_get_item(list, index) else { continue }
                defer { g_object_unref(item) }
                if g_type_check_instance_is_a(item.assumingMemoryBound(to: GTypeInstance.self),
                                              gtk_event_controller_scroll_get_type()) != 0 {
                    return item
                }
            }
            return nil
        }

        /// The page height in pixels, once laid out.
        var pageLength: Double { Double(gtk_widget_get_height(view.widget)) }

        var latest: FeedState? { states.last }

        /// Runs the main loop until `condition` or `seconds` pass.
        @discardableResult
        func pump(_ seconds: Double = 5, until condition: () -> Bool = { false }) -> Bool {
            MainLoop.run(seconds, until: condition)
        }

        /// Waits for the pager to rest on a page; returns it.
        func settledIndex() -> Int? {
            pump(5) { latest?.settled == true }
            return latest?.settled == true ? latest?.currentIndex : nil
        }

        /// A touchpad swipe of `pages` (positive: towards the next post)
        /// spread over `milliseconds`, in `steps` deltas. With the wheel unit
        /// GTK reports without a device, one delta unit is 40 pixels. Without
        /// `lift`, the fingers' lift never comes, as under mutter.
        func swipe(pages: Double, milliseconds: Double, steps: Int = 10, lift: Bool = true) {
            guard let controller = scrollController else { return }
            let pixels = pages * pageLength
            // At least one delta every 30 ms: a swipe with no scroll for
            // 150 ms has ended (GestureEnd).
            let steps = max(steps, Int(milliseconds / 30))
            flick_test_emit(controller, "scroll-begin")
            for _ in 0..<steps {
                _ = flick_test_emit_scroll(controller, 0, pixels / Double(steps) / 40)
                pump(milliseconds / 1000 / Double(steps))
            }
            if lift {
                flick_test_emit(controller, "scroll-end")
                flick_test_emit_decelerate(controller, 0, 0)
            }
        }

        /// One wheel notch down (a `scroll` of one unit with no begin or end).
        func wheelNotch() {
            guard let controller = scrollController else { return }
            _ = flick_test_emit_scroll(controller, 0, 1)
        }

        private static func writePicture(_ file: URL, rgb: UInt32) throws {
            guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 90, 160) else { throw CocoaError(.fileWriteUnknown) }
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            gdk_pixbuf_fill(pixbuf, (rgb << 8) | 0xFF)
            guard gdk_pixbuf_savev(pixbuf, file.path, "png", nil, nil, nil) != 0 else { throw CocoaError(.fileWriteUnknown) }
        }
    }

    private func ready() throws -> Harness {
        let harness = try Harness()
        #expect(harness.pump(10) { harness.pageLength > 100 && harness.latest?.settled == true },
                "the feed is laid out: \(harness.pageLength)")
        try #require(harness.scrollController != nil, "the feed has a scroll controller")
        return harness
    }

    @Test("a slow touchpad drag under half a page snaps back")
    func slowShortDragSnapsBack() throws {
        let harness = try ready()
        defer { harness.close() }
        harness.swipe(pages: 0.3, milliseconds: 900)
        #expect(harness.states.contains { $0.settled == false }, "the pages followed the fingers")
        #expect(harness.settledIndex() == 0)
    }

    @Test("a quick touchpad flick advances one page")
    func quickFlickAdvances() throws {
        let harness = try ready()
        defer { harness.close() }
        harness.swipe(pages: 0.15, milliseconds: 40, steps: 4)
        #expect(harness.settledIndex() == 1)
    }

    @Test("a touchpad drag of two pages still advances only one")
    func longDragAdvancesOne() throws {
        let harness = try ready()
        defer { harness.close() }
        harness.swipe(pages: 2, milliseconds: 600)
        #expect(harness.settledIndex() == 1)
    }

    @Test("swipes whose lift never comes settle on the nearer page, one page each")
    func swipesWithoutLiftSettle() throws {
        let harness = try ready()
        defer { harness.close() }
        harness.swipe(pages: 0.7, milliseconds: 300, lift: false)
        #expect(harness.settledIndex() == 1, "settled without its lift")
        let seen = harness.states.count
        harness.swipe(pages: 0.3, milliseconds: 300, lift: false)
        #expect(harness.states.dropFirst(seen).contains { $0.settled == false }, "the second swipe moved the pages")
        #expect(harness.settledIndex() == 1, "a short one snaps back")
        harness.swipe(pages: 0.6, milliseconds: 300, lift: false)
        #expect(harness.settledIndex() == 2)
        #expect(harness.states.dropFirst(seen).allSatisfy { [1, 2].contains($0.currentIndex) })
    }

    @Test("a key during an open swipe settles it first, then pages")
    func keyEndsOpenSwipe() throws {
        let harness = try ready()
        defer { harness.close() }
        harness.swipe(pages: 0.3, milliseconds: 40, steps: 2, lift: false)
        #expect(harness.latest?.settled == false, "the swipe is open")
        let seen = harness.states.count
        harness.view.perform(.nextPage)
        // The slow short swipe settles back on 0; the key then pages to 1.
        #expect(harness.settledIndex() == 1)
        #expect(harness.states.dropFirst(seen).allSatisfy { [0, 1].contains($0.currentIndex) })
    }

    @Test("a notch while the pages move waits for them to land, then pages one")
    func notchWaitsForLanding() throws {
        let harness = try ready()
        defer { harness.close() }
        harness.wheelNotch()
        #expect(harness.view.isAnimating, "the first notch's page is moving")
        harness.pump(0.05)
        let seen = harness.states.count
        harness.wheelNotch() // the same burst: its second page
        harness.wheelNotch() // the same burst: absorbed
        #expect(harness.latest?.currentIndex == 1 && harness.latest?.settled == false, "the second page waits")
        #expect(harness.settledIndex() == 2)
        #expect(harness.states.dropFirst(seen).map(\.currentIndex).allSatisfy { [1, 2].contains($0) })
    }

    @Test("discrete wheel notches move one page each")
    func wheelNotchesPageOneEach() throws {
        let harness = try ready()
        defer { harness.close() }
        harness.wheelNotch()
        #expect(harness.pump(5) { harness.latest?.currentIndex == 1 && harness.latest?.settled == true })
        harness.pump(0.4)
        harness.wheelNotch()
        #expect(harness.pump(5) { harness.latest?.currentIndex == 2 && harness.latest?.settled == true })
    }
}
