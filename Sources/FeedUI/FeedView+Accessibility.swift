import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import Foundation

/// What assistive technologies and keyboard users get from the feed.
///
/// Every page carries its post's label (FeedPage). GTK 4.8 has no way to
/// make a screen reader speak on its own (`gtk_accessible_announce` came in
/// GTK 4.14), so a page change is announced by renaming the feed widget,
/// which holds the keyboard focus while paging: its accessible label
/// becomes the current post's label and its description "Post N of M".
/// Screen readers read the new name of the focused element. Only the
/// current page is in the accessible tree: the mounted pages around it are
/// hidden from it (they are off screen, so their buttons are too). The page's
/// buttons are reached with Tab (GTK draws their focus ring); when paging
/// moves a focused button off screen, the focus goes back to the feed so
/// its keys keep working. GTK thread only.
extension FeedView {
    /// Keeps the seek bars, the announcement and the focus in step with the
    /// feed; runs before every state report.
    func updateChrome() {
        updateScrubbers()
        // The tracks inside a video are known once it prerolls.
        refreshRailMenu(at: currentIndex)
        for (index, page) in pages { page.isCurrent = index == currentIndex }
        announceCurrentPage()
        watchFocus()
        keepFocusOnScreen()
    }

    /// Connects a newly mounted page: its seek bar, and its placeholder's
    /// sweep, whose start and stop are reported (what the page itself
    /// reports comes through FeedPageHost).
    func wire(_ page: FeedPage) {
        wireScrubber(page)
        page.shimmer.onAnimatingChange = { [weak self] in self?.reportState() }
    }

    /// "Post N of M", or "Post N" while more posts may come.
    var positionText: String {
        let number = Translation.number(currentIndex + 1)
        guard seen.placeholderCount == 0 else { return tr("Post %1$s").filled(number) }
        return tr("Post %1$s of %2$s").filled(number, Translation.number(count))
    }

    /// Renames the feed for screen readers when the current post changes.
    private func announceCurrentPage() {
        guard count > 0 else { return }
        let label = pages[currentIndex]?.accessibleLabel ?? ""
        let number = Translation.number(currentIndex + 1)
        // Translators: what a screen reader says on a new post: its label, then where it is.
        let text = seen.placeholderCount == 0
            ? tr("%1$s, post %2$s of %3$s").filled(label, number, Translation.number(count))
            : tr("%1$s, post %2$s").filled(label, number)
        guard text != chrome.announcement else { return }
        chrome.announcement = text
        Widget.setAccessibleLabel(widget, label)
        Widget.setAccessibleDescription(widget, positionText)
    }

    /// Follows the window's focus so the report says where Tab went.
    private func watchFocus() {
        guard chrome.focusWatch == nil, let root = gtk_widget_get_root(widget) else { return }
        chrome.focusWatch = Signals.connect(root, "notify::focus-widget") { [weak self] (_: UnsafeMutableRawPointer?) in
            self?.reportState()
        }
    }

    /// The widget with the keyboard focus when it is the feed or inside it.
    private var focusedWidget: WidgetPointer? {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return nil }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0 ? focus : nil
    }

    /// What has the keyboard focus: "feed" for the feed itself, a control's
    /// tooltip (which names it and its key), its CSS name without one; nil
    /// when the focus is outside the feed.
    var focusDescription: String? {
        guard let focus = focusedWidget else { return nil }
        if focus == widget { return "feed" }
        if let tooltip = gtk_widget_get_tooltip_text(focus) { return String(cString: tooltip) }
        return gtk_widget_get_css_name(focus).map { String(cString: $0) }
    }

    /// A focused control of a page that is no longer current gives the
    /// focus back to the feed.
    private func keepFocusOnScreen() {
        guard let focus = focusedWidget, focus != widget,
              let current = pages[currentIndex]?.root.widget,
              focus != current, gtk_widget_is_ancestor(focus, current) == 0 else { return }
        gtk_widget_grab_focus(widget)
    }

    /// How many placeholders sweep now (never one with animations off).
    var shimmersAnimating: Int { pages.values.filter(\.shimmer.isAnimating).count }
}
