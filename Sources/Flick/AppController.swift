import CGLib
import CGtk
import FeedCore
import FeedMedia
import FeedUI
import Foundation

/// Wires a feed source to the window and the state reporter. GTK thread only.
@MainActor
final class AppController {
    private let options: CommandLineOptions
    private let folder: FolderFeedSource?
    private let reporter: StateReporter
    private var settings: AppSettings?
    private var window: FlickWindow?
    /// Data sources are held here; the feed view holds them weakly.
    private var dataSource: FeedDataSource?
    /// The built-in server of the demo feed, while it runs.
    private var demoServer: MediaServer?
    /// The byte-range cache, opened with the first feed that needs it.
    private var openedCache: MediaCache?
    private var cacheUnavailable = false
    /// Menus, keys, fullscreen and the preferences around the feed.
    private var shell: DesktopShell?
    /// The feed shown now: the command line's, until the menu opens another.
    private lazy var source: CommandLineOptions.Source = {
        if case .run(let source) = options.command { return source }
        return .demo
    }()
    /// Runs `--stress MODE` (or the Stress menu's choice) on the feed and records it.
    private var stress: StressDriver?

    /// The app's media cache under `$XDG_CACHE_HOME/<app id>/media/`, with
    /// the budgets from the settings, unless `--no-media-cache` asks for none;
    /// nil (play from the network) then, or when it cannot be opened, with
    /// one warning saying why.
    private func mediaCache() -> MediaCache? {
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
    private func openRemote(_ url: URL, cacheScope: String? = nil) {
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
    private func follow(_ feed: RemoteFeed, in view: FeedView) {
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

    private func openDemo() {
        guard let window else { return }
        window.skippedFiles.show([], summary: nil)
        let generator = DemoMediaGenerator(directory: DemoFeedLocation.mediaDirectory)
        let local = options.localDemo
        if local, let library = generator.existingLibrary() {
            showFeed(DemoFeed(library: library, count: options.demoItems))
            return
        }
        window.showLoading(0, message: "Getting the demo feed ready")
        reporter.report(phase: .loading, progress: 0)
        Thread.detachNewThread { [weak self] in
            let result = Result { () throws -> DemoMediaLibrary in
                if let existing = generator.existingLibrary() { return existing }
                return try generator.generate { fraction, message in
                    DispatchQueue.main.async {
                        MainActor.assumeIsolated { self?.generationProgressed(fraction, message) }
                    }
                }
            }
            // The fault mix (a corrupt clip, an HLS rendition) is made once, beside the media.
            let assets = local ? nil : (try? result.get()).map {
                DemoFeedAssets.prepare(library: $0, in: DemoFeedLocation.mediaDirectory)
            }
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self?.generationFinished(result, assets: assets) }
            }
        }
    }

    private func generationProgressed(_ fraction: Double, _ message: String) {
        window?.showLoading(fraction, message: message)
        reporter.report(phase: .loading, progress: fraction)
    }

    private func generationFinished(_ result: Result<DemoMediaLibrary, Error>, assets: DemoFeedAssets?) {
        guard case .demo = source else { return } // another feed was opened from the menu meanwhile
        switch result {
        case .success(let library):
            guard let assets else {
                showFeed(DemoFeed(library: library, count: options.demoItems))
                return
            }
            serveDemo(library, assets: assets)
        case .failure(let error):
            Log.error("could not make the demo media: \(error)")
            window?.showError(title: "Could not make the demo feed", message: "\(error)")
            reporter.report(phase: .error)
        }
    }

    /// Starts the built-in server with the demo feed and opens it like any feed.
    private func serveDemo(_ library: DemoMediaLibrary, assets: DemoFeedAssets) {
        for note in assets.notes { Log.info(note) }
        let server = MediaServer(options: MediaServer.Options(bandwidthBitsPerSecond: options.bandwidthBitsPerSecond,
                                                              latencyMilliseconds: options.latencyMilliseconds,
                                                              pageDelayMilliseconds: options.pageDelayMilliseconds))
        do {
            _ = try server.startOnOwnThread()
            let url = try DemoFeedServer(library: library, assets: assets, itemCount: options.demoItems,
                                         pageSize: options.stress == nil ? DemoFeedServer.defaultPageSize : StressMode.feedPageSize,
                                         likeFailureShare: options.likeFailureShare).install(on: server)
            demoServer = server
            // Served on a new port each run: scoped by name, so its cache stays warm.
            openRemote(url, cacheScope: "flick-demo")
        } catch {
            Log.error("could not start the demo feed's server: \(error)")
            window?.showError(title: "Could not start the demo feed", message: "\(error)")
            reporter.report(phase: .error)
        }
    }

    // MARK: Feed

    private func showFeed(_ source: FeedDataSource) {
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

    // MARK: Stress

    /// `--stress remount`: the feed widget torn down and built again over
    /// the same items (the new one starts at the first post).
    private func rebuildFeed() {
        guard let source = dataSource else { return }
        stress?.detach()
        showFeed(source) // the window shuts the old feed view down
        if let feed = source as? RemoteFeed, let view = window?.feedView { follow(feed, in: view) }
    }

    /// The Stress menu: runs `mode` on the showing feed until the window
    /// closes or another mode is chosen; the summary line of the one it
    /// replaces goes to stderr, as at exit.
    private func startStress(_ mode: StressMode) {
        guard let view = window?.feedView else {
            window?.showToast("Open a feed first: stress modes page through the showing feed")
            return
        }
        if let running = stress { finishStress(running) }
        let driver = StressDriver(mode: mode, engine: options.engine, seconds: nil)
        driver.rebuild = { [weak self] in self?.rebuildFeed() }
        stress = driver
        driver.attach(view)
        window?.showToast("Stress: \(mode.rawValue)")
    }

    /// Writes the stress report (`--stress-report`) and a summary line.
    private func finishStress(_ stress: StressDriver) {
        guard let report = stress.finish(cache: openedCache?.statistics) else {
            Log.warning("the stress run never started: the feed did not show a post")
            return
        }
        Log.info(StressSummary.line(report))
        guard let path = options.stressReport else { return }
        do {
            try report.write(to: path)
        } catch {
            Log.error("could not write the stress report to \(path): \(error)")
        }
    }

    /// `--jumps`: one jump without animation every 180 ms.
    private func runJumps(_ jumps: [Int], on view: FeedView) {
        var remaining = jumps[...]
        guard !remaining.isEmpty else { return }
        MainLoopSource.timeout(milliseconds: 180) { [weak view] in
            guard let view, let next = remaining.popFirst() else { return false }
            view.scroll(to: next, animated: false)
            return !remaining.isEmpty
        }
    }
}

/// Where the demo feed keeps its generated media.
enum DemoFeedLocation {
    /// `$XDG_CACHE_HOME/<app id>/`.
    static var cacheDirectory: URL {
        URL(fileURLWithPath: String(cString: g_get_user_cache_dir())).appendingPathComponent(AppInfo.cacheName)
    }

    static var mediaDirectory: URL { cacheDirectory.appendingPathComponent("demo-media") }
}
