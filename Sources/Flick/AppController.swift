import CGLib
import CGtk
import FeedCore
import FeedDemo
import FeedGObject
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
    /// The feed being watched: its items, players and pictures. It
    /// outlives its view (a remount attaches a new one).
    var session: FeedSession?
    /// The built-in server of the demo feed, while it runs.
    var demoServer: MediaServer?
    /// The HTTP sessions, media cache and picture caches every feed shares.
    private var engine: MediaEngine?
    /// The byte-range cache, once the engine has opened one.
    var openedCache: MediaCache? { engine?.cache }
    /// Menus, keys, fullscreen and the preferences around the feed.
    private var shell: DesktopShell?
    /// The feed shown now: the command line's, until the menu opens another.
    lazy var source: CommandLineOptions.Source = {
        if case .run(let source) = options.command { return source }
        return .demo
    }()
    /// Runs `--stress MODE` (or the Stress menu's choice) on the feed and records it.
    var stress: StressDriver?

    /// The app's media engine, made with the first feed: its media cache
    /// under `$XDG_CACHE_HOME/<app id>/media/` with the budgets from the
    /// settings, unless `--no-media-cache` asks for none; without one (play
    /// from the network) then, or when it cannot be opened, with one
    /// warning saying why.
    func mediaEngine() -> MediaEngine {
        if let engine { return engine }
        let images = DemoFeedLocation.cacheDirectory.appendingPathComponent("images")
        let made = openEngineWithCache() ?? MediaEngine(imageDirectory: images)
        engine = made
        return made
    }

    /// The media cache, when the engine has one.
    func mediaCache() -> MediaCache? { mediaEngine().cache }

    private func openEngineWithCache() -> MediaEngine? {
        // The naive baseline reads nothing through a cache, pictures included.
        guard options.mediaCache, options.engine != .naive, let settings else { return nil }
        let budgets = { [weak settings] in
            CacheBudgets(videoBytes: Int64(settings?.uint(.videoCacheBudgetMB, default: 500) ?? 500) * 1_000_000,
                         imageBytes: Int64(settings?.uint(.imageCacheBudgetMB, default: 200) ?? 200) * 1_000_000)
        }
        let engine: MediaEngine
        do {
            engine = try MediaEngine(cacheDirectory: DemoFeedLocation.cacheDirectory.appendingPathComponent("media"),
                                     budgets: budgets())
        } catch {
            Log.warning("the media cache cannot be used (\(error)); videos play straight from the network")
            return nil
        }
        guard let cache = engine.cache else { return engine }
        // Budgets apply live: lowering one evicts at once down to 90% of it.
        for key in [SettingsKey.videoCacheBudgetMB, .imageCacheBudgetMB] {
            settings.observe(key) { [weak cache] in cache?.setBudgets(budgets()) }
        }
        // GSettings only reports changes of keys read after connecting.
        cache.setBudgets(budgets())
        return engine
    }

    /// Writes what must outlive the process (the cache index), and the
    /// stress report, read before the feed lets its players go.
    func shutdown() {
        if let stress { finishStress(stress) }
        window?.feedView?.shutdown()
        session?.shutdown()
        openedCache?.close()
        demoServer?.stop(waiting: false)
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
        window.onClose = { [weak self] in self?.endSession() }
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
        let session = makeSession(JSONFeedSource(url: url, cacheScope: cacheScope, session: mediaEngine().http.api))
        showFeed(session)
        session.start { [weak self, weak session] failure in
            guard let self, let session, session === self.session else { return }
            if let failure {
                Log.error("could not open the feed: \(failure)")
                // The error page replaces the skeletons: their session ends
                // (Retry or another feed starts a new one).
                self.endSession()
                self.window?.showError(title: "Could not open the feed", message: failure.message) { [weak self] in
                    self?.openRemote(url, cacheScope: cacheScope)
                }
                self.reporter.report(phase: .error)
                return
            }
            if session.items.isEmpty {
                self.endSession()
                self.window?.showEmpty(title: "Nothing in this feed", hint: "The feed at \(url.absoluteString) has no items Flick can show.")
                self.reporter.report(phase: .empty)
            }
        }
    }

    /// Ctrl+R: loads the feed again and replaces it, keeping the current
    /// post (and its playback) when it is still there.
    private func reload() {
        guard let session, window?.feedView != nil else { return }
        let isFolder = session.source is FolderSource
        session.reload { [weak self] failure in
            guard let failure else { return }
            self?.window?.showToast(isFolder ? "Could not read the folder again: \(failure)"
                                             : "Could not reload the feed: \(failure)")
        }
    }

    // MARK: Sources

    /// The menu's Open Folder…: the folder's feed replaces the current one.
    /// A folder that cannot be read leaves the feed as it is and says why.
    private func open(folderAt path: String) {
        do {
            let folder = try FolderFeedSource(path: path)
            source = .folder(path)
            window.map { gtk_window_set_title(gcast($0.window.widget), "\(AppInfo.name) — \(folder.displayName)") }
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
            endSession() // the empty page replaces the feed: stop its players
            let skipped = folder.skippedSummary.map { " \($0)." } ?? ""
            window.showEmpty(title: "No videos or pictures",
                             hint: "Nothing playable was found in \(folder.displayName).\(skipped) Add videos, sounds or pictures to it, or open another folder.")
            reporter.report(phase: .empty)
            return
        }
        let session = makeSession(folder.source())
        session.start() // a folder's items are there at once
        showFeed(session)
    }

    // MARK: Feed

    /// A session over `source`, replacing (and ending) the one before.
    func makeSession(_ source: FeedSource) -> FeedSession {
        endSession()
        let settings = self.settings
        // Muted at every launch while start-muted is on (the default); else
        // the user's last choice, saved across launches. Stress runs are
        // always muted.
        let muted = options.stress != nil || (settings?.bool(.startMuted, default: true) ?? true)
            || (settings?.bool(.muted, default: true) ?? true)
        let session = FeedSession(source: source, media: mediaEngine(), engine: options.engine,
                                  playerPoolSize: Int(settings?.uint(.playerPoolSize, default: 3) ?? 3),
                                  radius: settings?.mountedPagesEachSide ?? 2, muted: muted)
        self.session = session
        applyPlaybackSettings(to: session)
        return session
    }

    /// Stops the players of the feed shown until now (another replaces it).
    func endSession() {
        window?.feedView?.shutdown()
        session?.shutdown()
        session = nil
    }

    /// Shows `session` in a new feed view (the window lets the old view go;
    /// the session keeps its players for the new one).
    func showFeed(_ session: FeedSession) {
        guard let window, let settings else { return }
        let view = FeedView(session: session, radius: settings.mountedPagesEachSide,
                            fit: options.fit ?? settings.contentFit, axis: options.paging)
        view.addStateListener { [weak self] state in self?.reporter.report(phase: .feed, feed: state) }
        view.onMutedChange = { [weak settings] muted in settings?.set(.muted, bool: muted) }
        view.addPlayingListener { [weak window] playing in window?.setVideoPlaying(playing) }
        view.onToast = { [weak window] message in window?.showToast(message) }
        stress?.attach(view)
        window.showFeed(view)
        reporter.report(phase: .feed, feed: view.state)
        runJumps(options.jumps, on: view)
    }

    /// What the desktop says about the network, memory and power.
    private let system = SystemMonitor()

    /// Loop, autoplay, data saver and the desktop's conditions, on the session.
    private func applyPlaybackSettings(to session: FeedSession) {
        guard let settings else { return }
        session.preferences = FeedSession.Preferences(autoplay: settings.bool(.autoplay, default: true),
                                                      loops: settings.bool(.loop, default: true),
                                                      dataSaver: settings.bool(.dataSaver, default: false),
                                                      conditions: conditionsForFeed(system.conditions))
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
                guard let self, let session = self.session else { return }
                self.applyPlaybackSettings(to: session)
            }
        }
        // GSettings reports changes only of keys read after connecting.
        _ = [settings.bool(.loop, default: true), settings.bool(.autoplay, default: true),
             settings.bool(.dataSaver, default: false)]
        system.onChange = { [weak self] conditions in
            guard let self else { return }
            self.session?.preferences.conditions = self.conditionsForFeed(conditions)
        }
    }
}
