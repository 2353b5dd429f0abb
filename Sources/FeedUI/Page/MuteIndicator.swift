import CGLib
import CGtk
import FeedGObject
import FeedMedia

/// The speaker that shows for a moment in the middle of a page when the
/// sound is switched on or off (with `m`, the button, or from another app),
/// so the change is seen where the eyes are, not only on the small button.
/// With animations off it simply shows and hides. GTK thread only.
@MainActor
final class MuteIndicator {
    /// How long the indicator stays, in milliseconds.
    static let visibleMilliseconds: UInt32 = 800

    /// A GtkImage in an OSD circle, centred over the page; takes no input.
    let widget: WidgetPointer
    private var hideTimer: MainLoopSource?

    init() {
        widget = gtk_image_new_from_icon_name("audio-volume-muted-symbolic")!
        Widget.addClasses(widget, "osd", "flick-mute-indicator")
        gtk_image_set_pixel_size(gopaque(widget), 48)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_can_target(widget, 0)
        gtk_widget_set_visible(widget, 0)
    }

    /// Shows the new state for a moment.
    func flash(muted: Bool) {
        gtk_image_set_from_icon_name(gopaque(widget), muted ? "audio-volume-muted-symbolic" : "audio-volume-high-symbolic")
        gtk_widget_set_visible(widget, 1)
        hideTimer?.cancel()
        hideTimer = MainLoopSource.after(milliseconds: Self.visibleMilliseconds) { [weak self] in
            guard let self else { return }
            gtk_widget_set_visible(self.widget, 0)
        }
    }

    /// Whether it shows now.
    var isVisible: Bool { gtk_widget_get_visible(widget) != 0 }
}
