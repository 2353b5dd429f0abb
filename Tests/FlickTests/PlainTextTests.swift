import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import Foundation
import Testing
@testable import Flick

/// Text from outside shown by the window's real widgets: a title or name
/// full of markup reaches each place that shows one (toast, save toast,
/// status pages, preference and account rows, the sources sidebar, the
/// skipped-files list, the debug info) and is shown exactly as it is,
/// with no markup warning from GTK. In this process, on the test display.
@MainActor
@Suite("Text from outside is never markup", .serialized)
struct PlainTextTests {
    static let hostile = #"<b>x</b> & <span size="999999">y</span>"#

    /// The text of every GtkLabel under `root`, depth first.
    static func labels(under root: UnsafeMutablePointer<GtkWidget>) -> [String] {
        var found: [String] = []
        if isA(root, gtk_label_get_type()), let text = gtk_label_get_text(OpaquePointer(root)) {
            found.append(String(cString: text))
        }
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            found += labels(under: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    /// Runs `body` and returns the markup warnings GLib logged meanwhile.
    static func markupWarnings(_ body: () -> Void) -> [String] {
        LogCapture.install()
        let before = LogCapture.shared.count
        body()
        while g_main_context_iteration(nil, 0) != 0 {}
        return LogCapture.shared.messages(after: before).filter { $0.contains("markup") }
    }

    init() {
        _ = gtk_init_check()
        adw_init()
    }

    @Test("a toast and the save toast show a title as it is")
    func toasts() throws {
        let overlay = try #require(adw_toast_overlay_new())
        g_object_ref_sink(UnsafeMutableRawPointer(overlay))
        defer { g_object_unref(UnsafeMutableRawPointer(overlay)) }
        let saving = SaveToast()
        let warnings = Self.markupWarnings {
            if let toast = PlainText.toast("Saved “\(Self.hostile)”") { adw_toast_overlay_add_toast(gopaque(overlay), toast) }
        }
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(Self.labels(under: overlay).contains("Saved “\(Self.hostile)”"), "\(Self.labels(under: overlay))")

        let second = try #require(adw_toast_overlay_new())
        g_object_ref_sink(UnsafeMutableRawPointer(second))
        defer { g_object_unref(UnsafeMutableRawPointer(second)) }
        let progress = Self.markupWarnings {
            saving.show(.init(name: Self.hostile, share: nil), in: second) {}
            saving.show(.init(name: Self.hostile, share: 0.4), in: second) {}
        }
        #expect(progress.isEmpty, "\(progress)")
        let shown = Self.labels(under: second)
        #expect(shown.contains { $0.hasPrefix("Saving “\(Self.hostile)”… 40") }, "\(shown)")
        saving.show(nil, in: second) {}
    }

    @Test("the status pages show a title and a message with markup in them as they are")
    func statusPages() throws {
        let pages = StatusPages(emptyChild: gtk_label_new(nil)!)
        let message = "Could not read https://example.org/feed?page=1&size=20: \(Self.hostile)"
        let warnings = Self.markupWarnings {
            pages.setError(title: Self.hostile, message: message, retry: nil)
            pages.setEmpty(title: Self.hostile, hint: Self.hostile)
            pages.setLoading(0.5, message: Self.hostile)
        }
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(Self.labels(under: pages.error).contains(message), "\(Self.labels(under: pages.error))")
        #expect(Self.labels(under: pages.error).contains(Self.hostile), "the title as it is")
        #expect(Self.labels(under: pages.empty).filter { $0 == Self.hostile }.count == 2)
        #expect(Self.labels(under: pages.loading).contains(Self.hostile))
        for page in [pages.loading, pages.empty, pages.error] { g_object_ref_sink(UnsafeMutableRawPointer(page)) }
    }

    @Test("preference rows and an account's row show a display name as it is")
    func rows() throws {
        let account = Account(service: .mastodon, server: "example.org", name: "tom", displayName: Self.hostile)
        var page: AccountsPage?
        let warnings = Self.markupWarnings {
            page = AccountsPage(hooks: .init(accounts: { AccountList([account]) }, signIn: { _ in }, signOut: { _ in }))
        }
        #expect(warnings.isEmpty, "\(warnings)")
        let shown = Self.labels(under: try #require(page).page)
        #expect(shown.contains(Self.hostile), "the account's row is titled by the display name: \(shown)")
        #expect(shown.contains("tom@example.org on Mastodon"), "\(shown)")

        let row = PreferenceRows.actionRow(title: Self.hostile, subtitle: Self.hostile)
        g_object_ref_sink(UnsafeMutableRawPointer(row))
        defer { g_object_unref(UnsafeMutableRawPointer(row)) }
        #expect(Self.labels(under: row).filter { $0 == Self.hostile }.count == 2, "\(Self.labels(under: row))")
    }

    @Test("the sources sidebar and the skipped-files list show names as they are")
    func sidebarAndSkipped() throws {
        let content = gtk_label_new(nil)!
        let sidebar = SourcesSidebar(content: content)
        g_object_ref_sink(UnsafeMutableRawPointer(sidebar.flap))
        defer { g_object_unref(UnsafeMutableRawPointer(sidebar.flap)) }
        let warnings = Self.markupWarnings {
            sidebar.update(SourceLibrary(entries: [.init(kind: .feed, name: Self.hostile, address: "https://example.org/?a=1&b=<2>")]),
                           current: 0)
        }
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(Self.labels(under: sidebar.flap).contains(Self.hostile), "\(Self.labels(under: sidebar.flap))")

        let window = gtk_window_new()!
        defer { gtk_window_destroy(gcast(window)) }
        let notice = SkippedFilesNotice(parent: window)
        let name = "<b>x & <i>y"
        let file = "/tmp/\(name).mp4"
        let skipped = Self.markupWarnings {
            notice.show([.init(path: file, reason: .empty)], summary: Self.hostile)
        }
        #expect(skipped.isEmpty, "\(skipped)")
        #expect(notice.listed.first?.hasPrefix("\(name).mp4 — ") == true, "\(notice.listed)")
    }

    @Test("Add Source's preview shows a feed's name and first post with markup in them as they are")
    func addSourcePreview() throws {
        let parent = gtk_window_new()!
        defer { gtk_window_destroy(gcast(parent)) }
        let preview = AddSourceDialog.Preview(name: Self.hostile, firstPost: Self.hostile, posts: 3, more: false)
        let add = AddSourceDialog(parent: parent) { _, done in done(.success(preview)) }
        var said: String?
        add.onPreviewText = { said = $0 }
        add.present()
        let dialog = try #require(Self.toplevels().first { Self.isA($0, adw_message_dialog_get_type()) }, "the dialog is open")
        defer { gtk_window_destroy(gcast(dialog)) }
        let field = try #require(gtk_window_get_focus(gcast(dialog)), "the address field has the focus")
        var warnings: [String] = []
        warnings = Self.markupWarnings {
            gtk_editable_set_text(gopaque(field), "https://example.org/feed.json")
            let deadline = Date().addingTimeInterval(5)
            while said?.contains("the first") != true, Date() < deadline { g_main_context_iteration(nil, 0); usleep(10_000) }
        }
        #expect(warnings.isEmpty, "\(warnings)")
        let expected = "\(Self.hostile): 3 posts, the first “\(Self.hostile)”."
        #expect(said == expected)
        #expect(Self.labels(under: dialog).contains(expected), "\(Self.labels(under: dialog))")
    }

    /// GTK's toplevel windows now.
    static func toplevels() -> [UnsafeMutablePointer<GtkWidget>] {
        guard let model = gtk_window_get_toplevels() else { return [] }
        return (0..<g_list_model_get_n_items(model)).compactMap { index in
            g_list_model_get_item(model, index).map { item in
                g_object_unref(item) // GTK keeps its own reference while the window is open
                return item.assumingMemoryBound(to: GtkWidget.self)
            }
        }
    }

    static func isA(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }

    @Test("About's debug info names a cache folder with markup in it as it is")
    func debugInfo() throws {
        try MediaRuntime.initialize()
        let folder = URL(fileURLWithPath: "/tmp/\(Self.hostile)/media")
        let text = DebugInfo.text(.init(renderer: .cairo, hardwareDecoding: .off, cacheDirectory: folder,
                                        cache: CacheStatistics()))
        #expect(text.contains("Media cache: \(folder.path)"), "\(text)")
    }
}

/// GLib's log lines from every thread, kept for the tests that look for a
/// GTK warning. Installed once per process as GLib's writer, which passes
/// each line on to the default writer.
final class LogCapture: @unchecked Sendable {
    static let shared = LogCapture()
    private let lock = NSLock()
    private var lines: [String] = []
    private static let installed: Void = {
        g_log_set_writer_func({ level, fields, count, _ in
            var message = ""
            for index in 0..<Int(count) {
                let field = fields![index]
                if let key = field.key, String(cString: key) == "MESSAGE", let value = field.value {
                    message = String(cString: value.assumingMemoryBound(to: CChar.self))
                }
            }
            LogCapture.shared.append(message)
            return g_log_writer_default(level, fields, count, nil)
        }, nil, nil)
    }()

    static func install() { _ = installed }

    var count: Int { lock.withLock { lines.count } }

    func messages(after index: Int) -> [String] { lock.withLock { Array(lines.dropFirst(index)) } }

    private func append(_ line: String) { lock.withLock { lines.append(line) } }
}
