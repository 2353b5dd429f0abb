import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import FeedUI
import FlickTestSupport
import Foundation
import Testing

/// A post's caption on a phone-sized page: long text wraps inside the page
/// (three lines at most, then an ellipsis), and a word longer than the
/// page breaks between characters. The labels ask for their unwrapped
/// width as natural size, so this checks that the page's width, not that
/// request, decides where they wrap. A real window on the test display.
@MainActor
@Suite("A caption on a narrow page", .serialized)
struct CaptionLayoutTests {
    static let pageWidth: Int32 = 360
    static let title = String(repeating: "A title long enough to need more than three lines on a page the width of a phone. ", count: 3)
    static let subtitle = "https://example.org/" + String(repeating: "averyveryverylongpathsegment", count: 4)

    /// A feed of `item` in a window a page wide, shown.
    private static func show(_ item: FeedItem) -> (FeedView, WidgetPointer) {
        let view = FeedView(items: [item])
        let window = gtk_window_new()!
        gtk_window_set_default_size(gcast(window), pageWidth, 640)
        gtk_window_set_child(gcast(window), view.widget)
        gtk_window_present(gcast(window))
        return (view, window)
    }

    /// The widget under `root` with CSS class `name`, depth first.
    private func find(_ name: String, under root: WidgetPointer) -> WidgetPointer? {
        if gtk_widget_has_css_class(root, name) != 0 { return root }
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            if let found = find(name, under: current) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    @Test("a long title wraps to at most three lines within the page, and a long word breaks")
    func longTextWrapsWithinThePage() throws {
        gtk_init()
        try MediaRuntime.initialize()
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("flick-caption-\(UUID().uuidString).png")
        let item = FeedItem(id: "post", kind: .image, uri: missing.absoluteString, width: 360, height: 640,
                            title: Self.title, subtitle: Self.subtitle, author: "Someone")
        let (view, window) = Self.show(item)
        defer {
            view.shutdown()
            gtk_window_destroy(gcast(window))
        }

        var title: WidgetPointer?
        var subtitle: WidgetPointer?
        let laidOut = MainLoop.run(10) {
            title = find("flick-title", under: view.widget)
            subtitle = find("flick-subtitle", under: view.widget)
            guard let title, let subtitle else { return false }
            return gtk_widget_get_width(title) > 0 && gtk_widget_get_width(subtitle) > 0
        }
        #expect(laidOut, "the caption's labels are laid out")
        guard let title, let subtitle else { return }

        let page = gtk_widget_get_width(view.widget)
        #expect(page == Self.pageWidth, "the page is the window's width: \(page)")
        for (name, label) in [("title", title), ("subtitle", subtitle)] {
            let width = gtk_widget_get_width(label)
            #expect(width <= page, "the \(name) stays inside the page: \(width) of \(page)")
            guard let layout = gtk_label_get_layout(gopaque(label)) else {
                Issue.record("the \(name) has no layout")
                continue
            }
            var ink = PangoRectangle()
            var logical = PangoRectangle()
            pango_layout_get_pixel_extents(layout, &ink, &logical)
            #expect(logical.width <= width, "the \(name)'s text fits its label: \(logical.width) > \(width)")
            let count = pango_layout_get_line_count(layout)
            #expect(count >= 2 && count <= 3, "the \(name) wraps to two or three lines: \(count)")
        }
        #expect(pango_layout_is_ellipsized(gtk_label_get_layout(gopaque(title))) != 0,
                "a title longer than three lines ends in an ellipsis")
    }

    @Test("a title, subtitle and author with markup and a right-to-left override show as they are")
    func textFromOutsideIsPlain() throws {
        gtk_init()
        try MediaRuntime.initialize()
        let title = #"<b>x</b> & <span size="999999">y</span>"#
        let author = "\u{202E}evil"
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("flick-caption-\(UUID().uuidString).png")
        let item = FeedItem(id: "post", kind: .image, uri: missing.absoluteString, width: 360, height: 640,
                            title: title, subtitle: "Tom & Jerry <3", author: author)
        let (view, window) = Self.show(item)
        defer {
            view.shutdown()
            gtk_window_destroy(gcast(window))
        }
        var shown: [String] = []
        let found = MainLoop.run(10) {
            shown = ["flick-title", "flick-subtitle", "flick-author"].compactMap { name in
                find(name, under: view.widget).flatMap { gtk_label_get_text(gopaque($0)) }.map { String(cString: $0) }
            }
            return shown.contains(title)
        }
        #expect(found, "\(shown)")
        #expect(shown.contains("Tom & Jerry <3"), "\(shown)")
        #expect(shown.contains(where: { $0.contains("evil") }), "the author shows: \(shown)")
    }
}
