import CGLib
import CGtk
import FeedGObject
import FeedMedia

/// The card a page shows when its item cannot be played or shown: what went
/// wrong in words, and a Retry button when trying again can help.
/// GTK thread only.
@MainActor
final class ErrorCard {
    let widget: WidgetPointer
    private let label: WidgetPointer
    private let button: WidgetPointer
    private var onRetry: (() -> Void)?
    /// Called whenever the card appears (the page hides its placeholder).
    var onShow: (() -> Void)?
    private var connection: SignalConnection?

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        Widget.addClasses(widget, "flick-error-card", "osd")
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        label = gtk_label_new(nil)!
        gtk_label_set_wrap(gopaque(label), 1)
        gtk_label_set_justify(gopaque(label), GTK_JUSTIFY_CENTER)
        gtk_label_set_max_width_chars(gopaque(label), 32)
        gtk_box_append(gcast(widget), label)
        button = gtk_button_new_with_label(tr("Retry"))!
        Widget.addClasses(button, "pill", "suggested-action")
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        gtk_box_append(gcast(widget), button)
        gtk_widget_set_visible(widget, 0)
        connection = Signals.connect(button, "clicked") { [weak self] in self?.onRetry?() }
    }

    /// Shows `message`; a Retry button only when `retry` is given.
    func show(_ message: String, retry: (() -> Void)?) {
        gtk_label_set_text(gopaque(label), message)
        onRetry = retry
        gtk_widget_set_visible(button, retry == nil ? 0 : 1)
        gtk_widget_set_visible(widget, 1)
        onShow?()
    }

    func hide() {
        onRetry = nil
        gtk_widget_set_visible(widget, 0)
    }

    var isVisible: Bool { gtk_widget_get_visible(widget) != 0 }
}
