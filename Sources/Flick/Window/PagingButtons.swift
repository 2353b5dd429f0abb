import CGLib
import CGtk
import FeedGObject
import FeedUI

/// Up and down buttons at the window's right edge, so a mouse user sees
/// how to page (the wheel and the keys do the same). Shown only where they
/// help: not in fullscreen, not in a window narrower than
/// ``minimumWidth``, not while the sources sidebar lies over the feed, and
/// only over the feed. Owned by the ``FlickWindow`` on the GTK thread.
@MainActor
final class PagingButtons {
    /// The narrowest window, in logical pixels, that shows them: a
    /// phone-shaped window pages by swipes and keys and keeps its page clear.
    static let minimumWidth = 600

    /// The buttons' column, an overlay of the window's content.
    let widget: WidgetPointer
    /// Who pages: the feed showing now, if any.
    var feed: (() -> FeedView?)?
    /// Told when the buttons show or hide.
    var onChange: (() -> Void)?
    private var connections: [SignalConnection] = []
    private var surfaceConnection: SignalConnection?

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_add_css_class(widget, "flick-paging-buttons")
        gtk_widget_set_halign(widget, GTK_ALIGN_END)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_end(widget, 12)
        for (action, icon, tooltip) in [(FeedAction.previousPage, "go-up-symbolic", tr("Previous post (Up or K)")),
                                         (FeedAction.nextPage, "go-down-symbolic", tr("Next post (Down or J)"))] {
            let button = gtk_button_new_from_icon_name(icon)!
            for name in ["circular", "osd", "flick-paging"] { gtk_widget_add_css_class(button, name) }
            gtk_widget_set_tooltip_text(button, tooltip)
            Widget.setAccessibleLabel(button, action.title)
            gtk_widget_set_focusable(button, 0) // the feed keeps the keyboard
            if let clicked = Signals.connect(button, "clicked", { [weak self] in self?.feed?()?.perform(action) }) {
                connections.append(clicked)
            }
            gtk_box_append(gcast(widget), button)
        }
        gtk_widget_set_visible(widget, 0)
    }

    /// Follows `window` (fullscreen, its width) and `sidebar` (an AdwFlap:
    /// over the feed or beside it); both outlive the buttons.
    func follow(window: WidgetPointer, sidebar: WidgetPointer) {
        self.window = window
        self.sidebar = sidebar
        let update: @MainActor (UnsafeMutableRawPointer?) -> Void = { [weak self] _ in self?.update() }
        connections += [
            Signals.connect(window, "notify::fullscreened", update),
            Signals.connect(sidebar, "notify::reveal-flap", update),
            Signals.connect(sidebar, "notify::folded", update),
            Signals.connect(window, "realize") { [weak self] in
                // The surface's width is the window's, maximised or not.
                guard let self, let native = gtk_widget_get_native(window), let surface = gtk_native_get_surface(native) else { return }
                self.surfaceConnection = Signals.connect(surface, "notify::width", update)
                self.update()
            },
        ].compactMap { $0 }
    }

    /// Whether the feed shows (the buttons are hidden over the status pages).
    var feedShown = false {
        didSet { if feedShown != oldValue { update() } }
    }

    private var window: WidgetPointer?
    private var sidebar: WidgetPointer?

    private func update() {
        guard let window, let sidebar else { return }
        let fullscreen = gtk_window_is_fullscreen(gcast(window)) != 0
        var width = 0
        if let native = gtk_widget_get_native(window), let surface = gtk_native_get_surface(native) {
            width = Int(gdk_surface_get_width(surface))
        }
        let covered = adw_flap_get_folded(gopaque(sidebar)) != 0 && adw_flap_get_reveal_flap(gopaque(sidebar)) != 0
        let shown = feedShown && !fullscreen && width >= Self.minimumWidth && !covered
        guard shown != isShown else { return }
        gtk_widget_set_visible(widget, shown ? 1 : 0)
        onChange?()
    }

    /// Whether the buttons show now.
    var isShown: Bool { gtk_widget_get_visible(widget) != 0 }
}
