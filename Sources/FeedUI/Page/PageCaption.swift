import CGtk
import FeedGObject

/// The words over the bottom of a page: the post's author, title and
/// subtitle, each up to three lines, hidden when empty. Owned by its
/// ``FeedPage`` on the GTK thread.
@MainActor
final class PageCaption {
    /// The caption's box, an overlay of the page.
    let widget: WidgetPointer
    private let author: WidgetPointer
    private let title: WidgetPointer
    private let subtitle: WidgetPointer

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        Widget.addClasses(widget, "flick-caption")
        gtk_widget_set_valign(widget, GTK_ALIGN_END)
        gtk_widget_set_can_target(widget, 0)
        author = gtk_label_new(nil)!
        title = gtk_label_new(nil)!
        subtitle = gtk_label_new(nil)!
        Widget.addClasses(author, "flick-author")
        Widget.addClasses(title, "flick-title")
        Widget.addClasses(subtitle, "flick-subtitle")
        for label in [author, title, subtitle] {
            gtk_label_set_xalign(gopaque(label), 0)
            gtk_label_set_wrap(gopaque(label), 1)
            // The caption fills the page's width, so the labels' natural
            // width is never used for wrapping: asking for the unwrapped
            // width spares GTK finding the best wrap on every measure
            // (about 2 ms of a new page's 5.5 ms first layout on a 2-core
            // machine; BENCHMARKS.md).
            gtk_label_set_natural_wrap_mode(gopaque(label), GTK_NATURAL_WRAP_NONE)
            // A word longer than the page (a URL, a hashtag, a feed's junk)
            // breaks between characters rather than running off the page.
            gtk_label_set_wrap_mode(gopaque(label), PANGO_WRAP_WORD_CHAR)
            gtk_label_set_ellipsize(gopaque(label), PANGO_ELLIPSIZE_END)
            gtk_label_set_lines(gopaque(label), 3)
            gtk_box_append(gcast(widget), label)
        }
    }

    /// Shows the three texts; the caption hides when all are empty.
    func show(author authorText: String?, title titleText: String?, subtitle subtitleText: String?) {
        let texts = [(author, authorText), (title, titleText), (subtitle, subtitleText)]
        for (label, text) in texts {
            gtk_label_set_text(gopaque(label), text ?? "")
            gtk_widget_set_visible(label, (text?.isEmpty ?? true) ? 0 : 1)
        }
        gtk_widget_set_visible(widget, texts.allSatisfy { $0.1?.isEmpty ?? true } ? 0 : 1)
    }

    /// Hides the caption (a skeleton page has none).
    func hide() {
        gtk_widget_set_visible(widget, 0)
    }
}
