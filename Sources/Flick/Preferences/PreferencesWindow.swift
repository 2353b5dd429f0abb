import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import FeedUI
import Foundation

/// The preferences (AdwPreferencesWindow): cache budgets with what each
/// cache holds, playback and view settings. Every control is bound to its
/// GSettings key, so a change is saved at once and the app reacts to the
/// key (budgets evict live). GTK thread only.
///
/// While the window is shown, the usage beside each budget is read again
/// every second (`refreshInterval`); the timer stops when the window is
/// closed.
@MainActor
final class PreferencesWindow {
    /// The AdwPreferencesWindow; GTK destroys it when it is closed.
    let window: GObjectRef
    private let settings: AppSettings
    private let cache: CacheAccess
    private var budgetRows: [CacheBudgetRow] = []
    /// The enumerated settings' rows (fit, when a post ends), by key.
    private var choiceRows: [SettingsKey: ChoiceRow] = [:]
    private var connections: [SignalConnection] = []
    private var refreshTimer: MainLoopSource?
    /// The usage shown now; nil until first read.
    private(set) var usage: Result<CacheAccess.Usage, CacheAccess.Problem>?
    /// Whether the window is still open.
    private(set) var isOpen = true
    /// Called after each refresh of the usage and when the window closes.
    var onChange: (() -> Void)?

    /// How often the usage is read while the window is open, in ms.
    static let refreshInterval: UInt32 = 1000

    /// The Accounts page, when the app has accounts to show.
    let accountsPage: AccountsPage?

    /// `forget`: Preferences → For You's "Forget what Flick learned" (nil: no such page).
    init(parent: WidgetPointer, settings: AppSettings, cache: CacheAccess, accounts: AccountsPage.Hooks? = nil,
         forget: (@MainActor () -> Void)? = nil) {
        accountsPage = accounts.map(AccountsPage.init)
        self.settings = settings
        self.cache = cache
        let window = adw_preferences_window_new()!
        self.window = GObjectRef(retaining: window)!
        gtk_window_set_title(gcast(window), tr("Preferences"))
        gtk_window_set_transient_for(gcast(window), gcast(parent))
        gtk_window_set_modal(gcast(window), 1)
        gtk_window_set_default_size(gcast(window), 640, 720)
        adw_preferences_window_set_search_enabled(gcast(window), 0)

        let page = adw_preferences_page_new()!
        adw_preferences_page_set_title(gcast(page), tr("General"))
        adw_preferences_page_add(gcast(page), gcast(makeCacheGroup()))
        adw_preferences_page_add(gcast(page), gcast(makePlaybackGroup()))
        adw_preferences_page_add(gcast(page), gcast(makeViewGroup()))
        if let forget {
            adw_preferences_page_add(gcast(page), gcast(ForYouGroup.make(settings: settings, connections: &connections) {
                [weak window = self.window] in
                forget()
                if let window, let toast = PlainText.toast(tr("Flick forgot what it learned for For You")) {
                    adw_preferences_window_add_toast(gcast(window.widget), toast)
                }
            }))
        }
        adw_preferences_window_add(gcast(window), gcast(page))
        if let accountsPage { adw_preferences_window_add(gcast(window), gcast(accountsPage.page)) }

        connections += [
            Signals.connectReturningBool(window, "close-request") { [weak self] in
                self?.closed()
                return false
            },
        ].compactMap { $0 }
        for row in budgetRows {
            settings.observe(row.key) { [weak self] in self?.refresh() }
        }
        for key in [SettingsKey.contentFit, .whenFinished, .loop, .playbackRate, .videoQuality] {
            settings.observe(key) { [weak self] in self?.choiceRows.values.forEach { $0.show() } }
        }
    }

    /// Shows the window and starts reading the usage.
    func present() {
        gtk_window_present(gcast(window.widget))
        refresh()
        refreshTimer?.cancel()
        refreshTimer = MainLoopSource.timeout(milliseconds: Self.refreshInterval) { [weak self] in
            guard let self, self.isOpen else { return false }
            self.refresh()
            return true
        }
    }

    /// Reads the usage (off the GTK thread) and shows it beside the budgets.
    func refresh() {
        guard isOpen else { return }
        cache.usage { [weak self] usage in self?.show(usage) }
    }

    private func show(_ usage: Result<CacheAccess.Usage, CacheAccess.Problem>) {
        guard isOpen else { return }
        self.usage = usage
        for row in budgetRows {
            let budget = Int64(settings.uint(row.key, default: row.kind == .video ? 500 : 200))
            row.show(bytes: (try? usage.get())?.bytes(of: row.kind), budgetMB: budget)
        }
        onChange?()
    }

    private func closed() {
        isOpen = false
        refreshTimer?.cancel()
        refreshTimer = nil
        onChange?()
    }

    // MARK: Groups

    private func makeCacheGroup() -> WidgetPointer {
        let group = adw_preferences_group_new()!
        adw_preferences_group_set_title(gcast(group), tr("Cache"))
        adw_preferences_group_set_description(gcast(group), tr("Videos and pictures are kept on disk so posts start fast. When a cache grows past its budget, what was seen longest ago goes first."))
        for kind in [CacheKey.Kind.video, .image] {
            let row = CacheBudgetRow(kind: kind, settings: settings)
            budgetRows.append(row)
            adw_preferences_group_add(gcast(group), row.row)
        }
        adw_preferences_group_add(gcast(group), PreferenceRows.buttonRow(
            title: tr("Clear video cache"), subtitle: tr("Videos are downloaded again when you watch them"),
            button: tr("Clear _Videos…"), destructive: true, connections: &connections) { [weak self] in self?.confirmClear(.video) })
        adw_preferences_group_add(gcast(group), PreferenceRows.buttonRow(
            title: tr("Clear image cache"), subtitle: tr("Pictures and posters are downloaded again when shown"),
            button: tr("Clear _Pictures…"), destructive: true, connections: &connections) { [weak self] in self?.confirmClear(.image) })
        return group
    }

    private func makePlaybackGroup() -> WidgetPointer {
        let group = adw_preferences_group_new()!
        adw_preferences_group_set_title(gcast(group), tr("Playback"))
        let settings = self.settings
        let whenFinished = ChoiceRow(title: tr("_When a post ends"), subtitle: tr("Loop it, play on to the next one, or stop (a switches)"),
                                     labels: WhenFinished.allCases.map(Self.label(of:)),
                                     selected: { WhenFinished.allCases.firstIndex(of: settings.whenFinished) ?? 0 },
                                     select: { settings.whenFinished = WhenFinished.allCases[$0] })
        choiceRows[.whenFinished] = whenFinished
        let steps = PlaybackRate.steps
        let speed = ChoiceRow(title: tr("Default sp_eed"), subtitle: tr("How fast videos play when a feed opens (< and > change it for now)"),
                              labels: steps.map(FeedView.rateText),
                              selected: { steps.firstIndex(of: settings.playbackRate) ?? steps.firstIndex(of: 1) ?? 0 },
                              select: { settings.set(.playbackRate, double: steps[$0]) })
        choiceRows[.playbackRate] = speed
        let qualities: [VideoQuality] = [.automatic, .saver] + VideoQuality.caps.map { .cap($0) }
        let quality = ChoiceRow(title: tr("Video _quality"), subtitle: tr("For streams in several sizes: Automatic follows the window and the connection; Data saver and the heights use less data"),
                                labels: qualities.map(Self.label(of:)),
                                selected: { qualities.firstIndex(of: settings.videoQuality) ?? 0 },
                                select: { settings.videoQuality = qualities[$0] })
        choiceRows[.videoQuality] = quality
        let rows = [
            PreferenceRows.switchRow(.startMuted, title: tr("Start _muted"),
                                     subtitle: tr("Every launch starts with the sound off"), settings: settings),
            whenFinished.row,
            speed.row,
            quality.row,
            PreferenceRows.scaleRow(.volume, title: tr("Vol_ume"), subtitle: tr("How loud the sound is when it is on (- and + change it)"),
                                    settings: settings),
            PreferenceRows.spinRow(.photoSeconds, title: tr("P_hoto time"),
                                   subtitle: tr("Seconds a photo shows before the feed plays on to the next post"),
                                   settings: settings),
            PreferenceRows.switchRow(.showCaptions, title: tr("Show _captions"),
                                     subtitle: tr("Over videos that have them, in your language where there are several (v switches)"),
                                     settings: settings),
            PreferenceRows.switchRow(.autoplay, title: tr("_Autoplay"),
                                     subtitle: tr("A video plays as soon as its post shows"), settings: settings),
            PreferenceRows.switchRow(.pauseWhenHidden, title: tr("_Pause when hidden"),
                                     subtitle: tr("Rest while the window is minimised or the screen is locked; when off, a minimised video with its sound on keeps playing"),
                                     settings: settings),
            PreferenceRows.switchRow(.dataSaver, title: tr("_Data saver"),
                                     subtitle: tr("Use less data: smaller first downloads, no prepared next post"), settings: settings),
            PreferenceRows.switchRow(.showSensitive, title: tr("Show _sensitive posts"),
                                     subtitle: tr("Posts marked sensitive show as they are, not blurred behind a Show button"), settings: settings),
            PreferenceRows.spinRow(.playerPoolSize, title: tr("Pla_yers"),
                                   subtitle: tr("Video players kept alive at once, about 25–30 MB of memory each (for feeds opened from now on)"),
                                   settings: settings),
            PreferenceRows.spinRow(.mountedPagesEachSide, title: tr("Pages _kept each side"),
                                   subtitle: tr("Posts kept ready before and after the current one (for feeds opened from now on)"),
                                   settings: settings),
        ]
        for row in rows { adw_preferences_group_add(gcast(group), row) }
        return group
    }

    private func makeViewGroup() -> WidgetPointer {
        let group = adw_preferences_group_new()!
        adw_preferences_group_set_title(gcast(group), tr("View"))
        adw_preferences_group_add(gcast(group), PreferenceRows.switchRow(
            .showDiagnostics, title: tr("Show dia_gnostics"),
            subtitle: tr("Players, pages, time to first frame and network bytes over the feed"), settings: settings))

        let settings = self.settings
        let fit = ChoiceRow(title: tr("Content _fit"), subtitle: tr("How a video or picture fills its page (c switches)"),
                            labels: FitChoice.allCases.map(Self.label(of:)),
                            selected: { FitChoice.allCases.firstIndex(of: settings.contentFit) ?? 0 },
                            select: { settings.contentFit = FitChoice.allCases[$0] })
        choiceRows[.contentFit] = fit
        adw_preferences_group_add(gcast(group), fit.row)
        return group
    }

    private static func label(of quality: VideoQuality) -> String {
        switch quality {
        case .automatic: return tr("Automatic")
        case .saver: return tr("Data saver")
        // Translators: a video's height in lines, as in 720p.
        case .cap(let lines): return tr("%1$sp").filled(String(lines))
        }
    }

    private static func label(of choice: WhenFinished) -> String {
        switch choice {
        case .loop: return tr("Play it again")
        case .next: return tr("Play on to the next post")
        case .stop: return tr("Stop")
        }
    }

    private static func label(of fit: FitChoice) -> String {
        switch fit {
        case .auto: return tr("Fit the window (fill it where little is cut off)")
        case .cover: return tr("Fill the page (crop the edges)")
        case .contain: return tr("Show all of it (bars around)")
        }
    }

    // MARK: Clearing

    /// Asks before deleting a cache; clears it on "Clear".
    private func confirmClear(_ kind: CacheKey.Kind) {
        let held = (try? usage?.get())?.bytes(of: kind)
        let size = held.flatMap { $0 > 0 ? UsageText.megabytes($0) : nil }
        let body = switch (kind, size) {
        case (.video, let size?):
            tr("This deletes the videos Flick keeps on disk (%1$s). They are downloaded again when needed.").filled(size)
        case (.video, nil): tr("This deletes the videos Flick keeps on disk. They are downloaded again when needed.")
        case (_, let size?):
            tr("This deletes the pictures and posters Flick keeps on disk (%1$s). They are downloaded again when needed.")
                .filled(size)
        case (_, nil): tr("This deletes the pictures and posters Flick keeps on disk. They are downloaded again when needed.")
        }
        let dialog = adw_message_dialog_new(gcast(window.widget),
                                            kind == .video ? tr("Clear the video cache?") : tr("Clear the image cache?"),
                                            body)!
        let message = OpaquePointer(dialog)
        adw_message_dialog_add_response(gcast(message), "cancel", tr("_Cancel"))
        adw_message_dialog_add_response(gcast(message), "clear", tr("C_lear"))
        adw_message_dialog_set_response_appearance(gcast(message), "clear", ADW_RESPONSE_DESTRUCTIVE)
        adw_message_dialog_set_default_response(gcast(message), "cancel")
        adw_message_dialog_set_close_response(gcast(message), "cancel")
        // Kept with the window's other connections: GLib drops the handler
        // when the dialog is destroyed, and then disconnecting does nothing.
        if let connection = Signals.connect(dialog, "response", { [weak self] (response: UnsafeMutableRawPointer?) in
            guard let response, String(cString: response.assumingMemoryBound(to: CChar.self)) == "clear" else { return }
            self?.clear(kind)
        }) {
            connections.append(connection)
        }
        gtk_window_present(gcast(dialog))
    }

    private func clear(_ kind: CacheKey.Kind) {
        cache.clear(kind) { [weak self] outcome in
            guard let self else { return }
            let message: String
            switch outcome {
            case .success(let freed):
                message = kind == .video ? tr("Cleared %1$s of videos").filled(UsageText.megabytes(freed))
                                         : tr("Cleared %1$s of pictures").filled(UsageText.megabytes(freed))
            case .failure(let problem):
                message = problem.description
            }
            if let toast = PlainText.toast(message) { adw_preferences_window_add_toast(gcast(self.window.widget), toast) }
            self.refresh()
        }
    }
}
