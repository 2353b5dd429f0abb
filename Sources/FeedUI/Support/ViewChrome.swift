import FeedGObject

/// What a ``FeedView`` shows and counts around its pages for the desktop:
/// the diagnostics overlay, what screen readers were last told, the watch
/// on the window's focus, and the toasts and layout passes it reports.
/// Owned by the GTK thread, by one view (FeedView+Accessibility,
/// +Diagnostics and +Desktop).
@MainActor
struct ViewChrome {
    /// The diagnostics overlay while it shows.
    var diagnosticsOverlay: DiagnosticsOverlay?
    /// What screen readers were last told about the current post.
    var announcement: String?
    /// Follows the window's focus while the feed is in one.
    var focusWatch: SignalConnection?
    /// Toasts asked for so far (reported as `toasts_shown`).
    var toastsShown = 0
    /// Times `layout` placed the pages (reported as `feed_layouts`).
    var layoutPasses = 0
    /// Whether caption cues show (`show-captions`, `v`).
    var showsCaptions = false
    /// Whether the feed is a mix (For You): its posts' More menus offer
    /// "Show fewer like this" and "Why am I seeing this?".
    var mixes = false
}
