import CGLib
import CGtk
import FeedGObject
import FeedMedia

/// A page's sound and speed: the speaker button (a click mutes or
/// unmutes), the speaker flashed over the page when the sound goes off or
/// on, and the badge that shows while a held press plays the video faster.
/// GTK thread only; owned by its ``FeedPage``, whose overlay holds the widgets.
@MainActor
final class PageSound {
    /// The speaker button at the page's top right (beside the post when there is room).
    let button: WidgetPointer
    /// The speaker flashed in the middle of the page.
    let flash = MuteIndicator()
    /// "2×" at the top of the page while a press holds the video faster.
    let badge: WidgetPointer

    init(overlay: WidgetPointer) {
        button = gtk_button_new_from_icon_name("audio-volume-muted-symbolic")!
        Widget.addClasses(button, "circular", "osd", "flick-mute")
        gtk_widget_set_halign(button, GTK_ALIGN_END)
        gtk_widget_set_valign(button, GTK_ALIGN_START)
        gtk_widget_set_margin_top(button, 12)
        gtk_widget_set_margin_end(button, 12)
        gtk_widget_set_tooltip_text(button, tr("Mute or unmute (M)"))
        gtk_actionable_set_action_name(gopaque(button), FeedAction.toggleMute.detailedName)
        gtk_widget_set_visible(button, 0)

        badge = gtk_label_new(nil)!
        Widget.addClasses(badge, "osd", "flick-speed-badge")
        gtk_widget_set_halign(badge, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(badge, GTK_ALIGN_START)
        gtk_widget_set_margin_top(badge, 16)
        gtk_widget_set_can_target(badge, 0)
        gtk_widget_set_visible(badge, 0)

        gtk_overlay_add_overlay(gopaque(overlay), button)
        gtk_overlay_add_overlay(gopaque(overlay), badge)
    }

    /// The button shows for posts that play (videos and sounds).
    func setPlayed(_ played: Bool) {
        gtk_widget_set_visible(button, played ? 1 : 0)
        if !played { showSpeed(nil) }
    }

    /// Shows the mute state on the button, whose words say what a press
    /// does and what the state is.
    func setMuted(_ muted: Bool) {
        let icon = muted ? "audio-volume-muted-symbolic" : "audio-volume-high-symbolic"
        gtk_button_set_icon_name(gcast(button), icon)
        gtk_widget_set_tooltip_text(button, muted ? tr("Sound off: unmute (M)") : tr("Sound on: mute (M)"))
        Widget.setAccessibleLabel(button, muted ? tr("Unmute") : tr("Mute"))
    }

    /// Shows `text` (the speed while a press holds it) in the badge, or hides it (nil).
    func showSpeed(_ text: String?) {
        gtk_label_set_text(gopaque(badge), text ?? "")
        gtk_widget_set_visible(badge, text == nil ? 0 : 1)
    }

    /// Whether the badge shows now.
    var showsSpeed: Bool { gtk_widget_get_visible(badge) != 0 }
}
