import CGLib
import CGtk
import FeedGObject
import Foundation

/// What covers a sensitive post until the user shows it: the page's
/// picture blurred (the caller adds `flick-blurred` to it), a label saying
/// why, and a Show button. GTK thread only.
@MainActor
final class SensitiveCover {
    let widget: WidgetPointer
    private let reason: WidgetPointer
    private let button: WidgetPointer
    private var onShow: (() -> Void)?
    private var connection: SignalConnection?

    /// Whether it covers its page now.
    private(set) var isCovering = false

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        Widget.addClasses(widget, "flick-sensitive")
        gtk_widget_set_halign(widget, GTK_ALIGN_FILL)
        gtk_widget_set_valign(widget, GTK_ALIGN_FILL)
        let inner = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_set_valign(inner, GTK_ALIGN_CENTER)
        gtk_widget_set_vexpand(inner, 1)
        let icon = gtk_image_new_from_icon_name("dialog-warning-symbolic")!
        gtk_image_set_pixel_size(gopaque(icon), 48)
        Widget.setAccessibleHidden(icon, true) // the heading says it
        gtk_box_append(gcast(inner), icon)
        let heading = gtk_label_new(tr("Sensitive content"))!
        Widget.addClasses(heading, "title-3")
        gtk_box_append(gcast(inner), heading)
        reason = gtk_label_new(nil)!
        gtk_label_set_wrap(gopaque(reason), 1)
        gtk_label_set_justify(gopaque(reason), GTK_JUSTIFY_CENTER)
        gtk_widget_set_margin_start(reason, 24)
        gtk_widget_set_margin_end(reason, 24)
        gtk_box_append(gcast(inner), reason)
        button = gtk_button_new_with_mnemonic(tr("_Show"))!
        Widget.addClasses(button, "pill", "osd")
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        gtk_box_append(gcast(inner), button)
        gtk_box_append(gcast(widget), inner)
        gtk_widget_set_visible(widget, 0)
        connection = Signals.connect(button, "clicked") { [weak self] in self?.onShow?() }
    }

    /// Covers the page, saying `reason` (a content warning) when there is one.
    func cover(reason text: String?, onShow: @escaping () -> Void) {
        self.onShow = onShow
        isCovering = true
        gtk_label_set_text(gopaque(reason), text ?? tr("The author marked this post sensitive."))
        gtk_widget_set_visible(widget, 1)
    }

    func uncover() {
        onShow = nil
        isCovering = false
        gtk_widget_set_visible(widget, 0)
    }
}
