import CGLib
import CGtk
import FeedGObject
import FeedUI

/// The one door through which text reaches a libadwaita property that
/// reads Pango markup: a toast's title and a status page's description
/// (always markup in libadwaita 1.2), and a preference row's title and
/// subtitle (markup unless the row's `use-markup` is off).
///
/// Titles, names, captions, server messages, URLs and file names come from
/// outside and are plain text: `Tom & Jerry` or `<3 cats` parsed as markup
/// left a toast or a description blank with a GTK warning. Every string
/// given here is shown as it is, whoever wrote it; the house rules test
/// keeps the raw setters out of every other file. GTK thread only.
@MainActor
enum PlainText {
    /// `text` as Pango markup that shows exactly `text` (`&`, `<`, `>`,
    /// quotes escaped by `g_markup_escape_text`).
    nonisolated static func markup(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }

    /// A new AdwToast showing `title`.
    static func toast(_ title: String) -> OpaquePointer? {
        adw_toast_new(markup(title))
    }

    /// Shows `title` on `toast` in place of what it showed.
    static func setTitle(_ title: String, of toast: OpaquePointer) {
        adw_toast_set_title(toast, markup(title))
    }

    /// Shows `text` under an AdwStatusPage's title.
    static func setDescription(_ text: String, of statusPage: WidgetPointer) {
        adw_status_page_set_description(gopaque(statusPage), markup(text))
    }

    /// Gives an AdwPreferencesRow (an action row when `subtitle` is given)
    /// its title and subtitle, read as plain text: the row's `use-markup`
    /// is turned off, which its subtitle follows too.
    static func setTitle(_ title: String, subtitle: String? = nil, of row: WidgetPointer) {
        adw_preferences_row_set_use_markup(gcast(row), 0)
        adw_preferences_row_set_title(gcast(row), title)
        if let subtitle { adw_action_row_set_subtitle(gcast(row), subtitle) }
    }
}
