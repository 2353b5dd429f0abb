import CGLib
import CGtk
import FeedGObject
import FeedMedia
import FeedSources
import FeedUI
import Foundation

/// Says what a folder scan left out: a header button with the count
/// ("3 skipped", its tooltip the summary), a Details button on the empty
/// page, and the dialog both open, which lists every file with its reason.
/// GTK thread only; owned by the window.
@MainActor
final class SkippedFilesNotice {
    /// At most this many files are listed; the rest are counted.
    static let listedAtMost = 500

    /// The header's button; hidden while nothing was skipped.
    let headerButton: WidgetPointer
    /// The empty page's Details button; hidden while nothing was skipped.
    let detailsButton: WidgetPointer
    private let parent: WidgetPointer
    private var connections: [SignalConnection] = []
    private(set) var files: [FolderScan.Skipped] = []
    private(set) var summary: String?
    /// The dialog while it is open.
    private var dialog: WidgetPointer?
    /// Called when what the notice shows changes (for `--report-state`).
    var onChange: (() -> Void)?

    init(parent: WidgetPointer) {
        self.parent = parent
        let content = adw_button_content_new()!
        adw_button_content_set_icon_name(gopaque(content), "dialog-warning-symbolic")
        headerButton = gtk_button_new()!
        gtk_button_set_child(gcast(headerButton), content)
        gtk_widget_add_css_class(headerButton, "flat")
        gtk_widget_set_visible(headerButton, 0)
        detailsButton = gtk_button_new_with_label(tr("Details"))!
        gtk_widget_add_css_class(detailsButton, "pill")
        gtk_widget_set_halign(detailsButton, GTK_ALIGN_CENTER)
        gtk_widget_set_visible(detailsButton, 0)
        for button in [headerButton, detailsButton] {
            if let connection = Signals.connect(button, "clicked", { [weak self] in self?.present() }) {
                connections.append(connection)
            }
        }
    }

    /// Shows the count for `files` (nothing when empty).
    func show(_ files: [FolderScan.Skipped], summary: String?) {
        self.files = files
        self.summary = summary
        let visible: gboolean = files.isEmpty ? 0 : 1
        gtk_widget_set_visible(headerButton, visible)
        gtk_widget_set_visible(detailsButton, visible)
        if let content = gtk_button_get_child(gcast(headerButton)) {
            adw_button_content_set_label(gopaque(content), trn("%1$s skipped", "%1$s skipped", files.count).filled(Translation.number(files.count)))
        }
        gtk_widget_set_tooltip_text(headerButton, summary)
        // Screen readers say the button's text, then the summary.
        Widget.setAccessibleDescription(headerButton, summary ?? "")
        Widget.setAccessibleDescription(detailsButton, tr("Lists the skipped files and why each was skipped"))
        onChange?()
    }

    /// The lines the dialog lists: "name — reason", by path.
    var listed: [String] {
        var lines = files.prefix(Self.listedAtMost).map {
            // Translators: a skipped file's name and why it was skipped.
            tr("%1$s — %2$s").filled(($0.path as NSString).lastPathComponent, $0.reason.localizedPhrase)
        }
        let more = files.count - Self.listedAtMost
        if more > 0 { lines.append(trn("… and %1$s more", "… and %1$s more", more).filled(Translation.number(more))) }
        return lines
    }

    var isOpen: Bool { dialog != nil }

    /// Opens the dialog listing every skipped file (once at a time).
    func present() {
        guard dialog == nil, !files.isEmpty else { return }
        let made = adw_message_dialog_new(gcast(parent), tr("Skipped files"), summary)!
        let message = OpaquePointer(made)
        adw_message_dialog_add_response(gcast(message), "close", tr("_Close"))
        adw_message_dialog_set_close_response(gcast(message), "close")
        adw_message_dialog_set_default_response(gcast(message), "close")

        let list = gtk_label_new(listed.joined(separator: "\n"))!
        gtk_label_set_selectable(gopaque(list), 1)
        gtk_label_set_wrap(gopaque(list), 1)
        gtk_label_set_wrap_mode(gopaque(list), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(gopaque(list), 0)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(gopaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_max_content_height(gopaque(scroller), 320)
        gtk_scrolled_window_set_propagate_natural_height(gopaque(scroller), 1)
        gtk_scrolled_window_set_child(gopaque(scroller), list)
        adw_message_dialog_set_extra_child(gcast(message), scroller)

        // GLib drops the handler when the dialog is destroyed.
        if let connection = Signals.connect(made, "response", { [weak self] (_: UnsafeMutableRawPointer?) in
            self?.dialog = nil
            self?.onChange?()
        }) {
            connections.append(connection)
        }
        dialog = made
        gtk_window_present(gcast(made))
        onChange?()
    }
}
