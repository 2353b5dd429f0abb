import CGLib
import CGtk
import FeedGObject
import FeedMedia
import FlickTooling
import Foundation

/// Flick's About window (AdwAboutWindow): who makes it and where, its
/// licence, the newest release's notes from the metainfo, and the debug
/// info a bug report asks for (with libadwaita's copy button). GTK thread.
@MainActor
enum AboutWindow {
    static let website = "https://github.com/flick/flick"
    static let issues = "https://github.com/flick/flick/issues"

    /// The newest release's notes, read off the GTK thread at launch
    /// (``readReleaseNotes()``); nil until then, or when no metainfo is found.
    private static var releaseNotes: ReleaseNotes?

    /// Reads the metainfo's newest release in the background, for the window.
    static func readReleaseNotes() {
        ReleaseNotes.read { releaseNotes = $0 }
    }

    /// Shows the window over `parent`.
    static func present(over parent: UnsafeMutablePointer<GtkWindow>?, facts: DebugInfo.Facts) {
        let about = adw_about_window_new()!
        let window = gopaque(about)
        gtk_window_set_transient_for(gcast(about), parent)
        gtk_window_set_modal(gcast(about), 1)
        adw_about_window_set_application_name(window, AppInfo.name)
        adw_about_window_set_application_icon(window, AppInfo.id)
        adw_about_window_set_version(window, AppInfo.version)
        adw_about_window_set_developer_name(window, tr("The Flick developers"))
        adw_about_window_set_comments(window, tr("Swipe through short videos and photos, one full-window page at a time."))
        adw_about_window_set_website(window, website)
        adw_about_window_set_issue_url(window, issues)
        adw_about_window_set_copyright(window, tr("© 2026 The Flick developers"))
        adw_about_window_set_license_type(window, GTK_LICENSE_GPL_3_0)
        withCStrings([tr("The Flick developers") + " " + website]) { adw_about_window_set_developers(window, $0) }
        if let notes = releaseNotes {
            adw_about_window_set_release_notes_version(window, notes.version)
            adw_about_window_set_release_notes(window, notes.markup)
        }
        adw_about_window_set_debug_info(window, DebugInfo.text(facts))
        adw_about_window_set_debug_info_filename(window, "flick-debug-info.txt")
        gtk_window_present(gcast(about))
    }

    /// Calls `body` with `strings` as a NULL-terminated C array.
    private static func withCStrings(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Void) {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { body($0) }
        }
    }
}
