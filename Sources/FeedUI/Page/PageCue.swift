import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia

/// The caption cue over a page's video: a label above the post's caption
/// and its rail, wrapped and at most three lines (FeedCore's
/// ``CaptionChoice/shownText(_:)`` bounds it), on a dark band so it reads
/// on any frame. It hides when its cue's time is over, at the next binding,
/// or when captions are turned off; screen readers find it in the current
/// page. GTK thread only; owned by its ``FeedPage``.
@MainActor
final class PageCue {
    let widget: WidgetPointer
    /// Whether captions are on (the `show-captions` setting, `v`).
    var enabled = false {
        didSet { apply() }
    }
    /// The cue's words now, shown or not.
    private var text: String?
    private var hideTimer: MainLoopSource?

    /// Lines of a cue at most.
    static let maxLines = 3

    init() {
        widget = gtk_label_new(nil)!
        Widget.addClasses(widget, "osd", "flick-cue")
        gtk_label_set_wrap(gopaque(widget), 1)
        gtk_label_set_wrap_mode(gopaque(widget), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_justify(gopaque(widget), GTK_JUSTIFY_CENTER)
        gtk_label_set_max_width_chars(gopaque(widget), 42)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_END)
        gtk_widget_set_margin_bottom(widget, 150)
        gtk_widget_set_margin_start(widget, 24)
        gtk_widget_set_margin_end(widget, 24)
        gtk_widget_set_can_target(widget, 0)
        gtk_widget_set_visible(widget, 0)
    }

    /// What shows on the page now: the cue's words while captions are on, else nil.
    var shownText: String? { enabled ? text : nil }

    /// Shows `cue` until its time is over (its length at `rate`), or the next one.
    func show(_ cue: CaptionCue, rate: Double) {
        let plain = cue.markup ? Self.plainText(cue.text) : cue.text
        let lines = CaptionChoice.shownText(plain).split(separator: "\n").prefix(Self.maxLines)
        let words = lines.joined(separator: "\n")
        hideTimer?.cancel()
        hideTimer = nil
        text = words.isEmpty ? nil : words
        gtk_label_set_text(gopaque(widget), words)
        if let duration = cue.duration, duration.isFinite, duration > 0, rate > 0 {
            let milliseconds = min(duration / rate, 60) * 1000
            hideTimer = MainLoopSource.after(milliseconds: UInt32(milliseconds)) { [weak self] in self?.clear() }
        }
        apply()
    }

    /// No cue any more (its time is over, or a new binding).
    func clear() {
        hideTimer?.cancel()
        hideTimer = nil
        text = nil
        apply()
    }

    private func apply() {
        gtk_widget_set_visible(widget, enabled && text != nil ? 1 : 0)
    }

    /// The words of Pango markup (a cue's `<i>`, `<b>`), or the markup as
    /// it is when it does not parse.
    static func plainText(_ markup: String) -> String {
        var plain: UnsafeMutablePointer<CChar>?
        var error: UnsafeMutablePointer<GError>?
        guard pango_parse_markup(markup, -1, 0, nil, &plain, nil, &error) != 0, let plain else {
            if let error { g_error_free(error) }
            return markup
        }
        defer { g_free(plain) }
        return String(cString: plain)
    }
}
