import CGtk
import FeedGObject
import FeedUI

/// The window's views other than the feed: getting ready (with progress),
/// nothing to show (with what the folder's scan left out), and could not
/// open (with Retry when retrying may help). Each is an AdwStatusPage the
/// window puts in its stack. GTK thread only, owned by ``FlickWindow``.
@MainActor
final class StatusPages {
    let loading: WidgetPointer
    let empty: WidgetPointer
    let error: WidgetPointer
    private let progressBar: WidgetPointer
    private let retryButton: WidgetPointer
    /// What Retry on the error page does, while it shows.
    private var retry: (() -> Void)?
    private var connection: SignalConnection?

    /// - Parameter emptyChild: shown under the empty page's words (the
    ///   skipped files' details button).
    init(emptyChild: WidgetPointer) {
        loading = adw_status_page_new()!
        adw_status_page_set_icon_name(gopaque(loading), "content-loading-symbolic")
        adw_status_page_set_title(gopaque(loading), tr("Getting the feed ready"))
        progressBar = gtk_progress_bar_new()!
        Widget.setAccessibleLabel(progressBar, tr("Progress"))
        gtk_progress_bar_set_show_text(gopaque(progressBar), 1)
        gtk_widget_set_size_request(progressBar, 240, -1)
        gtk_widget_set_halign(progressBar, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(progressBar, "flick-progress")
        adw_status_page_set_child(gopaque(loading), progressBar)

        empty = adw_status_page_new()!
        adw_status_page_set_icon_name(gopaque(empty), "folder-videos-symbolic")
        adw_status_page_set_child(gopaque(empty), emptyChild)
        gtk_widget_add_css_class(empty, "flick-empty")

        error = adw_status_page_new()!
        adw_status_page_set_icon_name(gopaque(error), "dialog-error-symbolic")
        retryButton = gtk_button_new_with_label(tr("Retry"))!
        gtk_widget_add_css_class(retryButton, "pill")
        gtk_widget_add_css_class(retryButton, "suggested-action")
        gtk_widget_set_halign(retryButton, GTK_ALIGN_CENTER)
        adw_status_page_set_child(gopaque(error), retryButton)
        for page in [loading, empty, error] { Widget.nameScrollbars(in: page) }
        connection = Signals.connect(retryButton, "clicked") { [weak self] in self?.retry?() }
    }

    /// The getting-ready page at `fraction` (0...1) with `message`.
    func setLoading(_ fraction: Double, message: String) {
        gtk_progress_bar_set_fraction(gopaque(progressBar), fraction)
        gtk_progress_bar_set_text(gopaque(progressBar), "\(Int((fraction * 100).rounded())) %")
        PlainText.setDescription(message, of: loading)
    }

    /// The empty page's title and a hint of what to do.
    func setEmpty(title: String, hint: String) {
        adw_status_page_set_title(gopaque(empty), title)
        PlainText.setDescription(hint, of: empty)
    }

    /// The error page's title and what went wrong, with Retry when `retry` is given.
    func setError(title: String, message: String, retry: (() -> Void)?) {
        adw_status_page_set_title(gopaque(error), title)
        PlainText.setDescription(message, of: error)
        self.retry = retry
        gtk_widget_set_visible(retryButton, retry == nil ? 0 : 1)
    }
}
