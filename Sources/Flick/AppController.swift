import CGLib
import CGtk
import FeedCore
import FeedDemo
import FeedGObject
import FeedMedia
import FeedSources
import FeedUI
import FlickTooling
import Foundation

/// Wires a feed source to the window and the state reporter. GTK thread only.
///
/// This file holds its state and its life (activate, shutdown); the rest is
/// split by concern: opening feeds and their sessions (`+Feeds`), the demo
/// feed's bootstrap (`+Demo`), the cache provider (`+MediaEngine`), the
/// settings wiring (`+Settings`), stress runs (`+Stress`) and the exit
/// (`+Exit`).
@MainActor
final class AppController {
    let options: CommandLineOptions
    /// The folder or playlist file the command line named: the folder
    /// checked before the window and scanned once it shows, the playlist
    /// read before the window.
    let named: (folderPath: String?, playlist: PlaylistFile?)
    let reporter: StateReporter
    var settings: AppSettings?
    var window: FlickWindow?
    /// The feed being watched: its items, players and pictures. It
    /// outlives its view (a remount attaches a new one).
    var session: FeedSession?
    /// The built-in server of the demo feed and the feed's address on
    /// it, while it runs (reopened from the sidebar).
    var demo: (server: MediaServer, url: URL)?
    /// The HTTP sessions, media cache and picture caches every feed shares.
    let media: SharedMediaEngine
    /// What the user keeps of their own: accounts and likes kept here (made at activate).
    var personal: PersonalData?
    /// Menus, keys, fullscreen and the preferences around the feed.
    private(set) var shell: DesktopShell?
    /// The feed shown now: the command line's, until the menu opens another.
    lazy var source: CommandLineOptions.Source = {
        if case .run(let source) = options.command { return source }
        return .demo
    }()
    /// The sidebar's sources, as saved (`sources`).
    var library = SourceLibrary()
    /// Which saved source shows and where it was left (AppController+Sources).
    var resume = ResumeState()
    /// Reads the folder or playlist being opened, off the GTK thread.
    let localRead = LocalSourceRead()
    /// The Add Source dialog, while open.
    var addSourceDialog: AddSourceDialog?
    /// Runs `--stress MODE` (or the Stress menu's choice) on the feed and records it.
    var stress: StressDriver?
    /// What the desktop says about the network, memory and power.
    let system = SystemMonitor()

    /// The exit work running off the GTK thread (``finish()``), once begun.
    var exitWork: PendingWork?

    /// After the main loop: the exit work, if the loop ended before
    /// ``finish()`` ran (a quit with no window), and waits for what is
    /// still in flight, so the cache index is on disk before the process ends.
    func shutdown() {
        finish(quitting: false)
        if exitWork?.wait(seconds: 5) == false { Log.warning("the media cache did not close in time") }
    }

    init(options: CommandLineOptions, folderPath: String?, playlist: PlaylistFile? = nil) {
        self.options = options
        named = (folderPath, playlist)
        reporter = StateReporter(enabled: options.reportState)
        // The naive baseline reads nothing through a cache, pictures included.
        media = SharedMediaEngine(wantsCache: options.mediaCache && options.engine != .naive)
        stress = options.stress.map { StressDriver(mode: $0, engine: options.engine, seconds: options.stressSeconds) }
        stress?.rebuild = { [weak self] in self?.rebuildFeed() }
        stress?.quit = { [weak self] in self?.quit() }
        stress?.hide = { [weak self] in self?.window?.minimize() }
    }

    /// Shows the window, making it the first time with the source the
    /// command line named (else the last one, else the demo), or with
    /// `handedOver` (the URIs of an Open that started this Flick through
    /// D-Bus activation) when there are any.
    func activate(application: UnsafeMutablePointer<AdwApplication>, handedOver: [String] = []) {
        if let window {
            window.present()
            return
        }
        RendererSetup.apply() // before the first window is realized
        Stylesheet.load()
        adw_style_manager_set_color_scheme(adw_style_manager_get_default(), ADW_COLOR_SCHEME_PREFER_DARK)
        let settings = AppSettings()
        self.settings = settings
        media.settings = settings
        setUpAccounts(settings)
        media.open() // the cache folder opens while the window is built
        AboutWindow.readReleaseNotes()
        var title = (named.folderPath.map(FolderFeedSource.displayName) ?? named.playlist?.displayName).map { "\(AppInfo.name) — \($0)" } ?? AppInfo.name
        if case .run(.remote(let url)) = options.command { title = "\(AppInfo.name) — \(url.host ?? url.absoluteString)" }
        if case .run(.service(let address)) = options.command { title = "\(AppInfo.name) — \(address.host)" }
        if case .run(.bluesky(let address)) = options.command { title = "\(AppInfo.name) — \(address.text)" }
        let window = FlickWindow(application: application, settings: settings, title: title)
        self.window = window
        shell = DesktopShell(window: window, application: gcast(application)!, settings: settings, reporter: reporter,
                             hooks: .init(reload: { [weak self] in self?.reload() },
                                          openFolder: { [weak self] in self?.open(folderAt: $0) },
                                          openURL: { [weak self] in self?.open(feedAddress: $0) },
                                          mediaCache: { [weak self] in self?.media.cache },
                                          accounts: { [weak self] in self?.accountsPageHooks() },
                                          forgetTaste: { [weak self] in
                                              self?.personal?.taste.forget()
                                              self?.remixForYou()
                                          },
                                          signIn: { [weak self] in self?.showSignIn($0, server: $1) },
                                          stress: { [weak self] in self?.startStress($0) },
                                          sources: { [weak self] in self?.sourceAction($0, place: $1) }))
        watchPlaybackSettings(settings)
        window.onClose = { [weak self] in self?.finish() }
        window.present()
        shell?.report() // realized now: its renderer is known
        setUpSources(settings)
        if !handedOver.isEmpty {
            openHandedOver(handedOver, application: application)
        } else {
            openStartSource()
        }
    }

    /// The source the window starts with.
    private func openStartSource() {
        if let folderPath = named.folderPath {
            open(folderAt: folderPath)
        } else if let playlist = named.playlist {
            show(playlist: playlist)
        } else if case .run(.remote(let url)) = options.command {
            open(feedAddress: .url(url))
        } else if case .run(.service(let address)) = options.command {
            open(feedAddress: .service(address))
        } else if case .run(.bluesky(let address)) = options.command {
            open(feedAddress: .bluesky(address))
        } else if case .run(.forYou) = options.command {
            openForYou()
        } else if options.stress == nil, !options.localDemo, settings?.lastSource == Self.forYouAddress {
            openForYou() // showing when Flick last closed
        } else if let last = lastSourceToReopen(),
                  open(entry: last, orElse: { [weak self] in self?.noteOpened(SourceLibrary.demo); self?.openDemo() }) {
            // The source that was showing at the last exit (a folder gone since opens the demo).
        } else {
            noteOpened(SourceLibrary.demo)
            openDemo()
        }
        list(options.alsoListed)
    }
}
