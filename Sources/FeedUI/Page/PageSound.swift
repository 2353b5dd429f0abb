import CGLib
import CGtk
import FeedGObject
import FeedMedia

/// A page's sound and speed: the speaker button (a click mutes or
/// unmutes; scrolling over it, or the slider its right click or long
/// press opens, sets the volume), the speaker flashed over the page when
/// the sound goes off or on, and the badge that shows while a held press
/// plays the video faster. GTK thread only; owned by its ``FeedPage``,
/// whose overlay holds the widgets.
@MainActor
final class PageSound {
    /// The speaker button at the page's top right (beside the post when there is room).
    let button: WidgetPointer
    /// The speaker flashed in the middle of the page.
    let flash = MuteIndicator()
    /// "2×" at the top of the page while a press holds the video faster.
    let badge: WidgetPointer
    /// The volume slider, in a popover on the button.
    private let popover: WidgetPointer
    private let slider: WidgetPointer
    /// Reads and sets the feed's volume (0…1, cubic), and steps it with a
    /// toast (the wheel); set by the page.
    var volume: (read: () -> Double, set: (Double) -> Void, step: (Double) -> Void)?
    /// Scroll travel not yet turned into a volume step, in wheel notches.
    private var pendingScroll = 0.0
    private var connections: [SignalConnection] = []
    /// The slider is being set from the volume (not by the user).
    private var showingVolume = false

    /// One wheel notch over the button changes the volume by this much.
    static let scrollStep = 0.05

    init(overlay: WidgetPointer) {
        button = gtk_button_new_from_icon_name("audio-volume-muted-symbolic")!
        Widget.addClasses(button, "circular", "osd", "flick-mute")
        gtk_widget_set_halign(button, GTK_ALIGN_END)
        gtk_widget_set_valign(button, GTK_ALIGN_START)
        gtk_widget_set_margin_top(button, 12)
        gtk_widget_set_margin_end(button, 12)
        gtk_widget_set_tooltip_text(button, tr("Mute or unmute (M); scroll or right-click for the volume"))
        gtk_actionable_set_action_name(gopaque(button), FeedAction.toggleMute.detailedName)
        gtk_widget_set_visible(button, 0)

        badge = gtk_label_new(nil)!
        Widget.addClasses(badge, "osd", "flick-speed-badge")
        gtk_widget_set_halign(badge, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(badge, GTK_ALIGN_START)
        gtk_widget_set_margin_top(badge, 16)
        gtk_widget_set_can_target(badge, 0)
        gtk_widget_set_visible(badge, 0)

        slider = gtk_scale_new_with_range(GTK_ORIENTATION_VERTICAL, 0, 1, 0.05)!
        gtk_range_set_inverted(gcast(slider), 1) // louder is up
        gtk_scale_set_draw_value(gcast(slider), 0)
        gtk_widget_set_size_request(slider, -1, 140)
        Widget.setAccessibleLabel(slider, tr("Volume"))
        popover = gtk_popover_new()!
        gtk_popover_set_child(gcast(popover), slider)
        gtk_widget_set_parent(popover, button)

        gtk_overlay_add_overlay(gopaque(overlay), button)
        gtk_overlay_add_overlay(gopaque(overlay), badge)
        installVolumeInput()
    }

    // MARK: Volume

    private func installVolumeInput() {
        let popover = self.popover
        connections += [
            // A popover lives on its button until the button goes.
            Signals.connect(button, "destroy") { gtk_widget_unparent(popover) },
            Signals.connect(slider, "value-changed") { [weak self] in
                guard let self, !self.showingVolume else { return }
                self.volume?.set(gtk_range_get_value(gcast(self.slider)))
            },
        ].compactMap { $0 }
        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        if let connection = Signals.connectDoublesReturningBool(scroll, "scroll", { [weak self] _, dy in
            self?.scrolled(dy) ?? false
        }) {
            connections.append(connection)
        }
        gtk_widget_add_controller(button, scroll)
        let secondary = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(gopaque(secondary), 3)
        if let connection = Signals.connectPress(secondary, "pressed", { [weak self] _, _, _ in self?.openSlider() }) {
            connections.append(connection)
        }
        gtk_widget_add_controller(button, gopaque(secondary))
        let long = gtk_gesture_long_press_new()!
        if let connection = Signals.connectDoubles(long, "pressed", { [weak self] _, _ in
            // Claimed: the press that opened the slider does not also mute.
            gtk_gesture_set_state(gopaque(long), GTK_EVENT_SEQUENCE_CLAIMED)
            self?.openSlider()
        }) {
            connections.append(connection)
        }
        gtk_widget_add_controller(button, gopaque(long))
    }

    /// A scroll over the button: up is louder, a toast says the level.
    /// Handled here, so the feed does not page.
    private func scrolled(_ dy: Double) -> Bool {
        guard let volume, dy.isFinite else { return true }
        pendingScroll += dy
        let notches = pendingScroll.rounded(.towardZero)
        guard notches != 0 else { return true }
        pendingScroll -= notches
        volume.step(-notches * Self.scrollStep)
        return true
    }

    /// Opens the slider at the volume now.
    func openSlider() {
        showVolume()
        gtk_popover_popup(gcast(popover))
    }

    /// The slider follows the volume (changed by a key or MPRIS meanwhile).
    func showVolume() {
        guard let volume else { return }
        showingVolume = true
        gtk_range_set_value(gcast(slider), volume.read())
        showingVolume = false
    }

    /// Whether the slider is open.
    var showsSlider: Bool { gtk_widget_get_visible(popover) != 0 }

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
        gtk_widget_set_tooltip_text(button, muted ? tr("Sound off: unmute (M); scroll or right-click for the volume")
                                                  : tr("Sound on: mute (M); scroll or right-click for the volume"))
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
