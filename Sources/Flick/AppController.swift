import CGLib
import CGtk
import FeedCore
import FeedMedia
import FeedUI
import Foundation

/// Wires a feed source to the window and the state reporter. GTK thread only.
@MainActor
final class AppController {
    let options: CommandLineOptions
    private let folder: FolderFeedSource?
    let reporter: StateReporter
    var settings: AppSettings?
    var window: FlickWindow?
    /// Data sources are held here; the feed view holds them weakly.
    var dataSource: FeedDataSource?
    /// The built-in server of the demo feed, while it runs.
    var demoServer: MediaServer?
    /// The byte-range cache, opened with the first feed that needs it.
    var openedCache: MediaCache?
    private var cacheUnavailable = false
    /// Menus, keys, fullscreen and the preferences around the feed.
    private var shell: DesktopShell?
    /// The feed shown now: the command line's, until the menu opens another.
    lazy var source: CommandLineOptions.Source = {
        if case .run(let source) = options.command { return source }
        return .demo
    }()
    /// Runs `--stress MODE` (or the Stress menu's choice) on the feed and records it.
    var stress: StressDriver?

    /// The app's media cache under `$XDG_CACHE_HOME/<app id>/media/`, with
    /// the budgets from the settings, unless `--no-media-cache` asks for none;
    /// nil (play from the network) then, or when it cannot be opened, with
    /// one warning saying why.
    func mediaCache() -> MediaCache? {
        if let openedCache { return openedCache }
        guard options.mediaCache, !cacheUnavailable, let settings else { return nil }
        let budgets = { [weak settings] in
            CacheBudgets(videoBytes: Int64(settings?.uint(.videoCacheBudgetMB, default: 500) ?? 500) * 1_000_000,
                         imageBytes: Int64(settings?.uint(.imageCacheBudgetMB, default: 200) ?? 200) * 1_000_000)
        }
        do {
            let cache = try MediaCache(directory: DemoFeedLocation.cacheDirectory.appendingPathComponent("media"),
                                       budgets: budgets())
            openedCache = cache
            // Budgets apply live: lowering one evicts at once down to 90% of it.
            for key in [SettingsKey.videoCacheBudgetMB, .imageCacheBudgetMB] {
                settings.observe(key) { [weak cache] in cache?.setBudgets(budgets()) }
            }
            // GSettings only reports changes of keys read after connecting.
            cache.setBudgets(budgets())
        } catch {
            cacheUnavailable = true
            Log.warning("the media cache cannot be used (\(error)); videos play straight from the network")
        }
        return openedCache
    }

    /// Writes what must outlive the process (the cache index), and the
    /// stress report, read before the feed lets its players go.
    func shutdown() {
        if let stress { finishStress(stress) }
        window?.feedView?.shutdown()
        openedCache?.close()
        demoServer?.stop()
    }

    init(options: CommandLineOptions, folder: FolderFeedSource?) {
        self.options = options
        self.folder = folder
        reporter = StateReporter(enabled: options.reportState)
        stress = options.stress.map { StressDriver(mode: $0, engine: options.engine, seconds: options.stressSeconds) }
        stress?.rebuild = { [weak self] in self?.rebuildFeed() }
        stress?.quit = { g_application_quit(g_application_get_default()) }
    }

    func activate(application: UnsafeMutablePointer<AdwApplication>) {
        if let window {
            window.present()
            return
        }
        Stylesheet.load()
        adw_style_manager_set_color_scheme(adw_style_manager_get_default(), ADW_COLOR_SCHEME_PREFER_DARK)
        let settings = AppSettings()
        self.settings = settings
        var title = folder.map { "\(AppInfo.name) — \($0.displayName)" } ?? AppInfo.name
        if case .run(.remote(let url)) = options.command { title = "\(AppInfo.name) — \(url.host ?? url.absoluteString)" }
        let window = FlickWindow(application: application, settings: settings, title: title)
        self.window = window
        shell = DesktopShell(window: window, application: gcast(application)!, settings: settings, reporter: reporter,
                             hooks: .init(reload: { [weak self] in self?.reload() },
                                          openFolder: { [weak self] in self?.open(folderAt: $0) },
                                          openURL: { [weak self] in self?.open(feedURL: $0) },
                                          mediaCache: { [weak self] in self?.mediaCache() },
                                          stress: { [weak self] in self?.startStress($0) }))
        watchPlaybackSettings(settings)
        window.present()
        if let folder {
            show(folder: folder)
        } else if case .run(.remote(let url)) = options.command {
            openRemote(url)
        } else {
            openDemo()
        }
    }

    /// Opens a JSON feed: skeleton pages at once, filled in place as the
    /// first page arrives.
    func openRemote(_ url: URL, cacheScope: String? = nil) {
        guard let window else { return }
        window.skippedFiles.show([], summary: nil)
        let feed = RemoteFeed(url: url, cacheScope: cacheScope)
        dataSource = feed
        showFeed(feed)
        guard let view = window.feedView else { return }
        follow(feed, in: view)
        feed.loadFirst { [weak self, weak feed, weak view] error in
            guard let self, let feed, let view else { return }
            if let error {
                Log.error("could not open the feed: \(error)")
                // The error page shows now: the skeleton view behind it must
                // not report the phase back to `feed` (Retry or another
                // feed makes a new view that reports again).
                view.onStateChange = nil
                self.window?.showError(title: "Could not open the feed", message: error) { [weak self] in
                    self?.reopenRemote(url, cacheScope: cacheScope)
                }
                self.reporter.report(phase: .error)
                return
            }
            if feed.count == 0 {
                self.window?.showEmpty(title: "Nothing in this feed", hint: "The feed at \(url.absoluteString) has no items Flick can show.")
                self.reporter.report(phase: .empty)
                return
            }
            view.reloadData()
            feed.landed(at: view.currentIndex)
        }
    }

    /// Appends arrive in `view`, and landings near the end load more.
    func follow(_ feed: RemoteFeed, in view: FeedView) {
        feed.onAppend = { [weak view] in view?.reloadData() }
        let report = view.onStateChange
        view.onStateChange = { [weak self] state in
            report?(state)
            if state.itemCount > 0, let feed = self?.dataSource as? RemoteFeed { feed.landed(at: state.currentIndex) }
        }
    }

    /// Ctrl+R: loads the feed again and replaces it, keeping the current
    /// post (and its playback) when it is still there.
    private func reload() {
        guard let view = window?.feedView else { return }
        if case .folder(let path) = source {
            do {
                let fresh = try FolderFeedSource(path: path)
                let source = ArrayFeedDataSource(fresh.items)
                view.replaceDataSource(source) // reads the old items: replace before letting them go
                dataSource = source
            } catch {
                window?.showToast("Could not read the folder again: \(error)")
            }
            return
        }
        guard let current = dataSource as? RemoteFeed else { return }
        let fresh = RemoteFeed(url: current.url, cacheScope: current.cacheScope)
        fresh.loadFirst { [weak self, weak fresh, weak view] error in
            guard let self, let fresh, let view else { return }
            if let error {
                self.window?.showToast("Could not reload the feed: \(error)")
                return
            }
            fresh.onAppend = { [weak view] in view?.reloadData() }
            view.replaceDataSource(fresh) // reads the old items: replace before letting them go
            self.dataSource = fresh
            fresh.landed(at: view.currentIndex)
        }
    }

    /// Retry from the feed-level error: start the feed over.
    private func reopenRemote(_ url: URL, cacheScope: String?) {
        window?.feedView?.shutdown()
        openRemote(url, cacheScope: cacheScope)
    }

    // MARK: Sources

    /// The menu's Open Folder…: the folder's feed replaces the current one.
    /// A folder that cannot be read leaves the feed as it is and says why.
    private func open(folderAt path: String) {
        do {
            let folder = try FolderFeedSource(path: path)
            source = .folder(path)
            window.map { gtk_window_set_title(gcast($0.window.widget), "\(AppInfo.name) — \(folder.displayName)") }
            if folder.items.isEmpty { window?.feedView?.shutdown() } // the empty page replaces it: stop its players
            show(folder: folder)
        } catch {
            window?.showToast("Could not open the folder: \(error)")
        }
    }

    /// The menu's Open Feed URL… (the URL is a checked http(s) one).
    private func open(feedURL url: URL) {
        source = .remote(url)
        window.map { gtk_window_set_title(gcast($0.window.widget), "\(AppInfo.name) — \(url.host ?? url.absoluteString)") }
        openRemote(url)
    }

    private func show(folder: FolderFeedSource) {
        guard let window else { return }
        window.skippedFiles.show(folder.skipped, summary: folder.skippedSummary)
        if folder.items.isEmpty {
            let skipped = folder.skippedSummary.map { " \($0)." } ?? ""
            window.showEmpty(title: "No videos or pictures",
                             hint: "Nothing playable was found in \(folder.displayName).\(skipped) Add videos, sounds or pictures to it, or open another folder.")
            reporter.report(phase: .empty)
            return
        }
        showFeed(ArrayFeedDataSource(folder.items))
    }

    // MARK: Feed

    func showFeed(_ source: FeedDataSource) {
        guard let window, let settings else { return }
        dataSource = source
        // Muted at every launch while start-muted is on (the default); else
        // the user's last choice, saved across launches. Stress runs are
        // always muted.
        let muted = options.stress != nil || settings.bool(.startMuted, default: true)
            || settings.bool(.muted, default: true)
        let view = FeedView(dataSource: source, radius: settings.mountedPagesEachSide,
                            fit: options.fit ?? settings.contentFit,
                            playerPoolSize: Int(settings.uint(.playerPoolSize, default: 3)),
                            muted: muted,
                            imageDirectory: DemoFeedLocation.cacheDirectory.appendingPathComponent("images"),
                            mediaCache: options.engine == .naive ? nil : mediaCache(), axis: options.paging,
                            engine: options.engine)
        applyPlaybackSettings(to: view)
        view.onStateChange = { [weak self] state in self?.reporter.report(phase: .feed, feed: state) }
        view.onMutedChange = { [weak settings] muted in settings?.set(.muted, bool: muted) }
        view.onPlayingChange = { [weak window] playing in window?.setVideoPlaying(playing) }
        view.onToast = { [weak window] message in window?.showToast(message) }
        stress?.attach(view)
        window.showFeed(view)
        reporter.report(phase: .feed, feed: view.state)
        runJumps(options.jumps, on: view)
    }

    /// What the desktop says about the network, memory and power.
    private let system = SystemMonitor()

    /// Loop, autoplay, data saver and the desktop's conditions, on a new
    /// feed view.
    private func applyPlaybackSettings(to view: FeedView) {
        guard let settings else { return }
        view.loops = settings.bool(.loop, default: true)
        view.autoplay = settings.bool(.autoplay, default: true)
        view.dataSaver = settings.bool(.dataSaver, default: false)
        view.systemConditions = conditionsForFeed(system.conditions)
    }

    /// The desktop's conditions as they bear on the showing feed: a feed on
    /// this machine (the demo, a folder, a loopback server) needs no
    /// network, so "offline" (no route out) does not hold it back.
    private func conditionsForFeed(_ conditions: SystemMonitor.Conditions) -> SystemMonitor.Conditions {
        var result = conditions
        let local: Bool
        switch source {
        case .demo, .folder: local = true
        case .remote(let url): local = ["127.0.0.1", "localhost", "::1", "[::1]"].contains(url.host?.lowercased() ?? "")
        }
        if local, result.network == .offline { result.network = .unmetered }
        return result
    }

    /// Keeps the showing feed in step with the settings and the desktop, live.
    private func watchPlaybackSettings(_ settings: AppSettings) {
        for key in [SettingsKey.loop, .autoplay, .dataSaver] {
            settings.observe(key) { [weak self] in
                guard let self, let view = self.window?.feedView else { return }
                self.applyPlaybackSettings(to: view)
            }
        }
        // GSettings reports changes only of keys read after connecting.
        _ = [settings.bool(.loop, default: true), settings.bool(.autoplay, default: true),
             settings.bool(.dataSaver, default: false)]
        system.onChange = { [weak self] conditions in
            guard let self else { return }
            self.window?.feedView?.systemConditions = self.conditionsForFeed(conditions)
        }
    }
}
