import FeedCore

/// What the window around the feed shows, added to each `--report-state`
/// line (its keys are part of that stable interface). GTK thread only.
struct WindowReport: Encodable, Equatable {
    /// Whether the window is fullscreen (GTK's own state, set by the window manager).
    var fullscreen = false
    /// Whether the header bar is shown (it hides in fullscreen).
    var headerVisible = true
    /// How media fills the current feed's pages, as the user chose.
    var contentFit: FitChoice = .auto
    /// What the feed does when a post is over, as the user chose.
    var whenFinished: WhenFinished = .loop
    /// Whether the preferences window is open.
    var preferencesOpen = false
    /// The cache usage the preferences show, in bytes, while they are open.
    var cacheVideoBytes: Int64?
    var cacheImageBytes: Int64?
    /// Why the preferences cannot show the cache usage, while they say so.
    var cacheProblem: String?
    /// While the shortcuts window is open: each shortcut it lists (title →
    /// keys), and each action's keys as GTK has them bound (same form).
    var shortcutsListed: [String: [String]]?
    var shortcutsBound: [String: [String]]?
    /// How many files the open folder's scan left out, and its summary
    /// ("3 files were skipped: 2 empty, 1 unreadable"); nil for other feeds
    /// and folders where nothing was left out.
    var skippedFiles: Int?
    var skippedSummary: String?
    /// While the skipped files' dialog is open: the lines it lists.
    var skippedListed: [String]?
    /// The sidebar's sources by name, in order; the one showing (from 0);
    /// whether the sidebar is shown.
    var sources: [String] = []
    var currentSource: Int?
    var sidebarShown = false
    /// Whether For You is the sidebar's row selected (`current_source` is then null).
    var forYouSelected = false
    /// While the Add Source dialog is open: what it says of the address
    /// typed (the preview's name and first post, or what is wrong).
    var sourcePreview: String?
    /// The renderer drawing the window (nil until it is realized).
    var renderer: WindowRenderer?
    /// Whether the window is on screen and the screen unlocked (a hidden
    /// window rests: FeedCore's WindowVisibility).
    var windowVisible = true
    /// Whether the up and down buttons for the mouse show.
    var pagingButtons = false
    /// The words of the last toast the window showed, as the user read them.
    var lastToast: String?
    /// The accounts signed in to, `name@server` each.
    var accounts: [String] = []

    enum CodingKeys: String, CodingKey {
        case fullscreen
        case headerVisible = "header_visible"
        case contentFit = "content_fit"
        case whenFinished = "when_finished"
        case preferencesOpen = "preferences_open"
        case cacheVideoBytes = "cache_video_bytes"
        case cacheImageBytes = "cache_image_bytes"
        case cacheProblem = "cache_problem"
        case shortcutsListed = "shortcuts_listed"
        case shortcutsBound = "shortcuts_bound"
        case skippedFiles = "skipped_files"
        case skippedSummary = "skipped_summary"
        case skippedListed = "skipped_listed"
        case sources
        case currentSource = "current_source"
        case sidebarShown = "sidebar_shown"
        case forYouSelected = "for_you_selected"
        case sourcePreview = "source_preview"
        case renderer
        case lastToast = "last_toast"
        case pagingButtons = "paging_buttons"
        case windowVisible = "window_visible"
        case accounts
    }
}
