import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import FeedUI
import Foundation

/// The main window: a header bar over the sources sidebar and one of four
/// views (getting ready, the feed, an empty state, an error). GTK thread only.
@MainActor
final class FlickWindow {
    /// The window's size on first start (logical pixels): the feed's
    /// portrait page. The bench's windows have it too.
    nonisolated static let defaultWidth = FeedView.portraitWidth
    nonisolated static let defaultHeight = FeedView.portraitHeight

    /// What the window shows.
    enum View: String {
        case loading, feed, empty, error

        /// What screen readers call the view.
        var spokenName: String {
            switch self {
            case .loading: return tr("Getting ready")
            case .feed: return tr("Feed")
            case .empty: return tr("Nothing to show")
            case .error: return tr("Could not open")
            }
        }
    }

    let window: GObjectRef
    /// The header bar (the desktop shell adds the main menu to it and hides it in fullscreen).
    let header: WidgetPointer
    private let stack: OpaquePointer
    /// Getting ready, nothing to show, could not open.
    private let statusPages: StatusPages
    private let toasts: WidgetPointer
    /// Up and down buttons for the mouse, over the feed in wide windows.
    let paging = PagingButtons()
    /// Whether anyone can see the window (minimised, screen locked).
    let rest: WindowRest
    /// What the open folder's scan left out (header button, empty page, dialog).
    let skippedFiles: SkippedFilesNotice
    /// The sources beside the feed (F9).
    let sidebar: SourcesSidebar
    private let settings: AppSettings
    private var connections: [SignalConnection] = []
    private(set) var feedView: FeedView?
    /// Called with each feed widget the window starts showing (the desktop
    /// shell connects the diagnostics, MPRIS follows the feed).
    var onFeedShown: [(FeedView) -> Void] = []
    /// Called when the window is closed (the app ends the feed's session).
    var onClose: (() -> Void)?
    /// The words of the last toast shown (`--report-state`'s `last_toast`), and who hears of each.
    private(set) var lastToast: String?
    var onToastShown: (() -> Void)?
    /// Whether a video plays (reported by the feed), and the idle-inhibit
    /// cookie while the screensaver is held off (0 when not).
    private var inhibit: (videoPlaying: Bool, cookie: guint) = (false, 0)
    /// The toast of a save under way, with its Cancel.
    let saveToast = SaveToast()

    init(application: UnsafeMutablePointer<AdwApplication>, settings: AppSettings, title: String) {
        self.settings = settings
        rest = WindowRest(pauseWhenHidden: { settings.bool(.pauseWhenHidden, default: true) })
        let window = adw_application_window_new(gcast(application))!
        self.window = GObjectRef(retaining: window)!
        gtk_window_set_title(gcast(window), title)
        gtk_window_set_default_size(gcast(window),
                                    settings.int(.windowWidth, default: Self.defaultWidth),
                                    settings.int(.windowHeight, default: Self.defaultHeight))
        if settings.bool(.windowMaximized, default: false) { gtk_window_maximize(gcast(window)) }

        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        header = adw_header_bar_new()!
        gtk_box_append(gcast(content), header)

        stack = OpaquePointer(gtk_stack_new()!)
        // No transition: the first view shown is the real one; a crossfade is
        // only worth it after the first-run progress (see showFeed).
        gtk_stack_set_transition_type(stack, GTK_STACK_TRANSITION_TYPE_NONE)
        gtk_widget_set_vexpand(gcast(stack), 1)
        // Toasts (a like that did not save) float over whatever view shows.
        toasts = adw_toast_overlay_new()!
        let overStack = gtk_overlay_new()!
        Widget.setAccessibleLabel(overStack, View.feed.spokenName) // not its class name
        gtk_overlay_set_child(gopaque(overStack), gcast(stack))
        gtk_overlay_add_overlay(gopaque(overStack), paging.widget)
        adw_toast_overlay_set_child(gopaque(toasts), overStack)
        gtk_widget_set_vexpand(toasts, 1)
        sidebar = SourcesSidebar(content: toasts)
        gtk_widget_set_vexpand(sidebar.flap, 1)
        gtk_box_append(gcast(content), sidebar.flap)
        adw_header_bar_pack_start(gopaque(header), sidebar.toggleButton)

        skippedFiles = SkippedFilesNotice(parent: window)
        adw_header_bar_pack_start(gopaque(header), skippedFiles.headerButton)
        statusPages = StatusPages(emptyChild: skippedFiles.detailsButton)
        gtk_stack_add_named(stack, statusPages.loading, View.loading.rawValue)
        gtk_stack_add_named(stack, statusPages.empty, View.empty.rawValue)
        gtk_stack_add_named(stack, statusPages.error, View.error.rawValue)

        adw_application_window_set_content(gcast(window), content)
        paging.follow(window: window, sidebar: sidebar.flap)
        paging.feed = { [weak self] in self?.feedView }
        rest.follow(window: window)
        rest.soundOn = { [weak self] in
            guard let view = self?.feedView else { return false }
            return !view.isMuted && view.isPlaying
        }
        connections += [
            Signals.connectReturningBool(window, "close-request") { [weak self] in
                self?.saveSize()
                // The app's exit work first: it saves where the feed was, then stops it.
                self?.onClose?()
                self?.feedView?.shutdown()
                return false
            },
            Signals.connect(window, "notify::is-active") { [weak self] (_: UnsafeMutableRawPointer?) in
                self?.updateInhibit()
            },
        ].compactMap { $0 }
    }

    func present() { gtk_window_present(gcast(window.widget)) }

    /// Asks the window manager to minimise the window (`--stress hidden`).
    func minimize() { gtk_window_minimize(gcast(window.widget)) }

    /// Shows the getting-ready view with a progress fraction (0...1) and message.
    func showLoading(_ fraction: Double, message: String) {
        statusPages.setLoading(fraction, message: message)
        show(.loading)
    }

    /// Shows the feed widget.
    ///
    /// A view replacing another (a remount, a reload) hands the keyboard
    /// focus over inside the stack: the old view gives its name up and
    /// leaves only once the new one has the focus. Removing the focused
    /// view first would take `:focus-within` off every widget above it and
    /// put it back a moment later, restyling them twice (about a
    /// millisecond, on the way to the new view's first frame).
    func showFeed(_ view: FeedView) {
        let old = feedView
        if let old {
            old.shutdown()
            if let page = gtk_stack_get_page(stack, old.widget) { gtk_stack_page_set_name(page, nil) }
        }
        feedView = view
        let fromLoading = gtk_stack_get_visible_child_name(stack).map { String(cString: $0) } == View.loading.rawValue
        gtk_stack_set_transition_type(stack, fromLoading ? GTK_STACK_TRANSITION_TYPE_CROSSFADE : GTK_STACK_TRANSITION_TYPE_NONE)
        gtk_stack_add_named(stack, view.widget, View.feed.rawValue)
        show(.feed)
        gtk_widget_grab_focus(view.widget)
        if let old { gtk_stack_remove(stack, old.widget) }
        for handler in onFeedShown { handler(view) }
    }

    /// Makes `view` the visible one. Only it is in the accessible tree: GTK
    /// 4.8 exposes a stack's hidden children (and names their pages after
    /// their class), so a screen reader would walk the other views too.
    private func show(_ view: View) {
        gtk_stack_set_visible_child_name(stack, view.rawValue)
        paging.feedShown = view == .feed
        let views: [(View, WidgetPointer?)] = [(.loading, statusPages.loading), (.feed, feedView?.widget),
                                               (.empty, statusPages.empty), (.error, statusPages.error)]
        for (name, child) in views {
            guard let child, let page = gtk_stack_get_page(stack, child) else { continue }
            Widget.setAccessibleHidden(accessible: page, name != view)
            Widget.setAccessibleHidden(child, name != view)
            Widget.setAccessibleLabel(accessible: page, name.spokenName)
        }
    }

    /// Shows the empty state with a title and a hint of what to do.
    func showEmpty(title: String, hint: String) {
        statusPages.setEmpty(title: title, hint: hint)
        show(.empty)
    }

    /// Shows an error with what went wrong, and a Retry button when `retry` is given.
    func showError(title: String, message: String, retry: (() -> Void)? = nil) {
        statusPages.setError(title: title, message: message, retry: retry)
        show(.error)
    }

    /// Adds a window action (`win.NAME`) with keyboard accelerators.
    func addAction(_ name: String, accelerators: [String], _ handler: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name, nil)!
        if let connection = Signals.connect(action, "activate", { (_: UnsafeMutableRawPointer?) in handler() }) {
            connections.append(connection)
        }
        g_action_map_add_action(gopaque(window.raw), action)
        g_object_unref(action.rawGObject)
        guard let application = gtk_window_get_application(gcast(window.widget)) else { return }
        var strings = accelerators.map { strdup($0) } + [nil]
        defer { for pointer in strings { free(pointer) } }
        strings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_application_set_accels_for_action(application, "win.\(name)", $0)
            }
        }
    }

    /// Shows how a save goes (nil: it ended), with Cancel calling `cancel`.
    func showSaving(_ progress: SaveProgress?, cancel: @escaping () -> Void) {
        saveToast.show(progress, in: toasts, cancel: cancel)
    }

    /// Shows a short message over the window for a few seconds. With
    /// `button`, the toast has a button that activates the detailed
    /// action `action` ("app.sign-in") with `target` (a floating GVariant).
    func showToast(_ message: String, button: String? = nil, action: String? = nil, target: OpaquePointer? = nil) {
        guard let toast = PlainText.toast(message) else { return }
        if let button, let action {
            adw_toast_set_button_label(toast, button)
            adw_toast_set_action_name(toast, action)
            if let target { adw_toast_set_action_target_value(toast, target) }
        }
        adw_toast_overlay_add_toast(gopaque(toasts), toast)
        lastToast = message
        onToastShown?()
    }

    /// Keeps the screensaver away while a video plays in the focused window.
    func setVideoPlaying(_ playing: Bool) {
        inhibit.videoPlaying = playing
        updateInhibit()
    }

    private func updateInhibit() {
        let window = self.window.widget
        let wanted = inhibit.videoPlaying && gtk_window_is_active(gcast(window)) != 0
        guard let application = gtk_window_get_application(gcast(window)) else { return }
        if wanted, inhibit.cookie == 0 {
            inhibit.cookie = gtk_application_inhibit(application, gcast(window), GTK_APPLICATION_INHIBIT_IDLE, tr("Playing a video"))
        } else if !wanted, inhibit.cookie != 0 {
            gtk_application_uninhibit(application, inhibit.cookie)
            inhibit.cookie = 0
        }
    }

    private func saveSize() {
        let window = self.window.widget
        let maximized = gtk_window_is_maximized(gcast(window)) != 0
        settings.set(.windowMaximized, bool: maximized)
        guard !maximized else { return }
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_window_get_default_size(gcast(window), &width, &height)
        if width > 0, height > 0 {
            settings.set(.windowWidth, int: width)
            settings.set(.windowHeight, int: height)
        }
    }
}
