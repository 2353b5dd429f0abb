import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import FeedSources
import FeedUI
import FlickTooling
import Foundation

/// Opening feeds: which source, its session, and the view that shows it.
extension AppController {
    /// Opens a feed at `url` — whatever it turns out to be (a feed format, or
    /// a bare PeerTube or Mastodon server's address): skeleton pages at once,
    /// filled in place as the first page arrives.
    func openRemote(_ url: URL, cacheScope: String? = nil) {
        guard let window else { return }
        window.skippedFiles.show([], summary: nil)
        // A server found there may be one the user signed in to: its token is read first.
        guard let accounts = personal?.accounts else { return }
        accounts.whenLoaded { [weak self] in self?.openRemoteNow(url, cacheScope: cacheScope) }
    }

    private func openRemoteNow(_ url: URL, cacheScope: String?) {
        media.use { [weak self] engine in
            guard let self else { return }
            let source: FeedSource
            if let cacheScope {
                source = PagedFeedSource(url: url, cacheScope: cacheScope, session: engine.http.api,
                                         renditionHeight: self.pagePixelHeight)
            } else {
                let detecting = DetectingFeedSource(url: url, session: engine.http.api, pageHeight: self.pagePixelHeight) {
                    [weak self] address in self?.personal?.accounts.credential(for: address)
                }
                detecting.onNamed = { [weak self] name in self?.nameDetected(name, for: url) }
                source = detecting
            }
            self.showRemote(source, engine: engine, address: url.absoluteString) { [weak self] in
                self?.openRemote(url, cacheScope: cacheScope)
            }
        }
    }

    /// Opens a PeerTube or Mastodon address given in its explicit form.
    func openService(_ address: ServiceAddress) {
        guard let window, let accounts = personal?.accounts else { return }
        window.skippedFiles.show([], summary: nil)
        if address.requiresAccount, accounts.list.account(for: address) == nil {
            window.showError(title: tr("Sign in to %1$s first").filled(address.server),
                             message: tr("%1$s is your own feed: it needs your account on %2$s.").filled(address.text, address.server)) {}
            reporter.report(phase: .error)
            return
        }
        // With an account there, its token reads the feed: wait for the keyring's answer.
        accounts.whenLoaded { [weak self] in self?.openService(address, credential: accounts.credential(for: address)) }
    }

    private func openService(_ address: ServiceAddress, credential: ServiceCredential?) {
        media.use { [weak self] engine in
            guard let self else { return }
            guard let made = ServiceFeed.source(for: address, session: engine.http.api, credential: credential,
                                                pageHeight: self.pagePixelHeight) else {
                self.window?.showError(title: tr("Could not open the feed"),
                                       message: tr("%1$s does not make a usable address.").filled(address.text)) {}
                self.reporter.report(phase: .error)
                return
            }
            self.setTitle(made.name)
            // A visitor kept out (Pixelfed's tags, a server's closed timelines) is offered the sign-in.
            let signIn = credential == nil && address.service != .lemmy ? address : nil
            self.showRemote(made.source, engine: engine, address: address.text, signIn: signIn) { [weak self] in
                self?.openService(address)
            }
        }
    }

    /// The height PeerTube's file choice reads: the feed page's in device
    /// pixels (the feed view's, else the window's before the view is
    /// built), lowered by the video-quality setting and the data saver
    /// (FeedCore's ``RenditionChoice/height(page:quality:saving:)``).
    var pagePixelHeight: @MainActor () -> Int {
        { [weak self] in
            guard let self else { return 0 }
            let page: Int
            if let box = window?.feedView?.pixelBox, box.height > 0 {
                page = box.height
            } else if let widget = window?.window.widget {
                page = Int(gtk_widget_get_height(gcast(widget))) * Int(gtk_widget_get_scale_factor(gcast(widget)))
            } else {
                page = 0
            }
            let network = PlanConditions.network(system: system.conditions.network,
                                                 dataSaver: settings?.bool(.dataSaver, default: false) ?? false)
            return RenditionChoice.height(page: page, quality: settings?.videoQuality ?? .automatic, saving: network.isMetered)
        }
    }

    /// "Flick — NAME", or "Flick" for nil.
    func setTitle(_ name: String?) {
        let title = name.map { "\(AppInfo.name) — \($0)" } ?? AppInfo.name
        window.map { gtk_window_set_title(gcast($0.window.widget), title) }
    }

    /// Shows a source whose pages come over the network; `retry` opens it again.
    /// `land`: where the first page lands instead of where the source was left.
    /// `signIn`: the service address whose server a refused visitor is
    /// offered to sign in to.
    func showRemote(_ source: FeedSource, engine: MediaEngine, address: String,
                    land: (@MainActor (FeedView, FeedSession) -> Void)? = nil, signIn: ServiceAddress? = nil,
                    retry: @escaping @MainActor () -> Void) {
        let session = makeSession(source, engine: engine)
        showFeed(session)
        session.start { [weak self, weak session] failure in
            guard let self, let session, session === self.session else { return }
            if let failure {
                Log.error("could not open the feed: \(failure)")
                // The error page replaces the skeletons: their session ends
                // (Retry or another feed starts a new one).
                self.endSession()
                self.window?.showError(title: tr("Could not open the feed"), message: failure.message) { retry() }
                if failure.needsAccount, let signIn {
                    self.window?.showToast(tr("Sign in to %1$s to see this feed").filled(signIn.server), button: tr("Sign In"),
                                           action: "app.sign-in", target: Self.signInTarget(signIn.service, signIn.server))
                }
                self.reporter.report(phase: .error)
                return
            }
            if session.snapshot().items.isEmpty {
                self.endSession()
                self.window?.showEmpty(title: tr("Nothing in this feed"),
                                       hint: tr("The feed at %1$s has no items Flick can show.").filled(address))
                self.reporter.report(phase: .empty)
                return
            }
            guard let view = self.window?.feedView else { return }
            if let land {
                self.resume.restoring = false
                land(view, session)
            } else {
                self.restoreResume(on: view, session: session)
            }
        }
    }

    /// Ctrl+R: loads the feed again and replaces it, keeping the current
    /// post (and its playback) when it is still there.
    func reload() {
        guard let session, window?.feedView != nil else { return }
        let isFolder = session.snapshot().source is FolderSource
        session.reload { [weak self] failure in
            guard let failure else { return }
            self?.window?.showToast(isFolder ? tr("Could not read the folder again: %1$s").filled("\(failure)")
                                             : tr("Could not reload the feed: %1$s").filled("\(failure)"))
        }
    }

    // MARK: Sources

    /// The menu's Open Folder… and the sidebar: the folder's feed replaces
    /// the current one once it is scanned (off the GTK thread). A folder
    /// that cannot be read leaves the feed as it is and says why, then
    /// runs `fallback` (the launch opens the demo instead).
    func open(folderAt path: String, orElse fallback: (@MainActor () -> Void)? = nil) {
        openLocal(.folder(path), orElse: fallback)
    }

    /// Reads a folder or playlist off the GTK thread, then shows it. While
    /// the read takes long, the window says so (the loading page when no
    /// feed shows, else a toast); a failure is a toast, or the error page
    /// when no feed shows and nothing falls back.
    func openLocal(_ request: LocalSourceRead.Request, orElse fallback: (@MainActor () -> Void)? = nil) {
        if case .folder(let path) = request, session == nil {
            return scanIntoFeed(folderAt: path, orElse: fallback)
        }
        let (kind, path, opened): (String, String, CommandLineOptions.Source) = switch request {
        case .folder(let path): ("folder", path, .folder(path))
        case .playlist(let path): ("playlist", path, .playlist(path))
        }
        let name = (path as NSString).lastPathComponent
        localRead.start(request, slow: { [weak self] in
            guard let self, let window = self.window else { return }
            if self.session == nil {
                window.showLoading(0, message: tr("Reading %1$s…").filled(name))
            } else {
                window.showToast(tr("Reading %1$s…").filled(name))
            }
        }, done: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(.folder(let folder)):
                self.source = opened
                self.setTitle(folder.displayName)
                self.show(folder: folder)
            case .success(.playlist(let playlist)):
                self.source = opened
                self.setTitle(playlist.displayName)
                self.show(playlist: playlist)
            case .failure(let failure):
                self.couldNotOpen(kind, named: name, because: failure.message, orElse: fallback)
            }
        })
    }

    /// A folder or playlist could not be read: says why in the log and a
    /// toast, then runs `fallback`, or shows the error page when no feed
    /// shows.
    private func couldNotOpen(_ kind: String, named name: String, because message: String,
                              orElse fallback: (@MainActor () -> Void)?) {
        Log.warning("could not open the \(kind): \(message)")
        window?.showToast(kind == "folder" ? tr("Could not open the folder: %1$s").filled(message)
                                            : tr("Could not open the playlist: %1$s").filled(message))
        if let fallback {
            fallback()
        } else if session == nil {
            window?.showError(title: tr("Could not open %1$s").filled(name), message: message)
        }
    }

    /// The menu's Open Feed URL… (a checked http(s) URL or service
    /// address), Add Source and the sidebar: `entry` is how the sidebar
    /// lists it (nil: made from the address).
    func open(feedAddress address: FeedURLInput.Address, entry: SourceLibrary.Entry? = nil) {
        switch address {
        case .url(let url):
            noteOpened(entry ?? Self.entry(for: url))
            source = .remote(url)
            setTitle(url.host ?? url.absoluteString)
            openRemote(url)
        case .service(let service):
            noteOpened(entry ?? Self.entry(for: service))
            source = .service(service)
            openService(service)
        case .bluesky(let address):
            noteOpened(entry ?? Self.entry(for: address))
            source = .bluesky(address)
            openBluesky(address)
        }
    }

    /// A folder's posts (its scan already made); the sidebar lists it.
    func show(folder: FolderFeedSource) {
        guard note(folder) else { return }
        showAtOnce(folder.source())
    }

    /// A folder opened while no feed shows (at launch, after an empty or
    /// error page): the feed's skeleton pages shimmer while the folder is
    /// scanned off the GTK thread (``FolderSource``), and its posts take
    /// their place. A folder that cannot be read says why, then runs
    /// `fallback` or shows the error page; an empty one shows the empty page.
    private func scanIntoFeed(folderAt path: String, orElse fallback: (@MainActor () -> Void)?) {
        localRead.cancel()
        let directory = FolderFeedSource.directory(path)
        let name = FolderFeedSource.displayName(path)
        media.use { [weak self] engine in
            guard let self else { return }
            // Where this feed is is saved under the folder's address once
            // it is listed, never under the one shown before.
            self.saveResumeNow(always: true)
            self.resume.address = nil
            let source = FolderSource(directory: directory)
            let session = self.makeSession(source, engine: engine)
            self.showFeed(session)
            session.start { [weak self, weak session] failure in
                guard let self, let session, session === self.session else { return }
                guard failure == nil, let scan = source.scan else {
                    self.endSession()
                    self.couldNotOpen("folder", named: name, because: failure?.message ?? tr("it could not be read"),
                                      orElse: fallback)
                    return
                }
                self.source = .folder(path)
                self.setTitle(name)
                guard self.note(FolderFeedSource(directory: directory, scan: scan)) else { return }
                if let view = self.window?.feedView { self.restoreResume(on: view, session: session) }
            }
        }
    }

    /// Lists a scanned folder in the sidebar and its skipped files; an
    /// empty one shows the empty page instead of a feed (false).
    private func note(_ folder: FolderFeedSource) -> Bool {
        guard let window else { return false }
        noteOpened(.init(kind: .folder, name: folder.displayName, address: folder.path))
        window.skippedFiles.show(folder.skipped, summary: folder.skippedSummary)
        guard folder.items.isEmpty else { return true }
        endSession() // the empty page replaces the feed: stop its players
        let hint = folder.skippedSummary.map {
            tr("Nothing playable was found in %1$s. %2$s. Add videos, sounds or pictures to it, or open another folder.")
                .filled(folder.displayName, $0)
        } ?? tr("Nothing playable was found in %1$s. Add videos, sounds or pictures to it, or open another folder.")
            .filled(folder.displayName)
        window.showEmpty(title: tr("No videos or pictures"), hint: hint)
        reporter.report(phase: .empty)
        return false
    }

    /// A playlist file's entries, in order (all known at once); the sidebar lists it.
    func show(playlist: PlaylistFile) {
        guard let window else { return }
        noteOpened(.init(kind: .playlist, name: playlist.displayName, address: playlist.path))
        window.skippedFiles.show([], summary: nil)
        for skipped in playlist.page.skipped {
            Log.warning("skipped a playlist entry: \(skipped)")
        }
        guard !playlist.page.items.isEmpty else {
            window.showEmpty(title: tr("Nothing to play"),
                             hint: tr("%1$s names no video, sound or picture Flick can open.").filled(playlist.displayName))
            reporter.report(phase: .empty)
            return
        }
        showAtOnce(ArrayFeedSource(playlist.page.items))
    }

    // MARK: Feed

    /// Shows a source whose items are there at once (a folder, a playlist
    /// file, the local demo), once the media engine is open.
    func showAtOnce(_ source: FeedSource) {
        media.use { [weak self] engine in
            guard let self else { return }
            let session = self.makeSession(source, engine: engine)
            session.start()
            self.showFeed(session)
            if let view = self.window?.feedView { self.restoreResume(on: view, session: session) }
        }
    }

    /// A session over `source`, replacing (and ending) the one before.
    func makeSession(_ source: FeedSource, engine: MediaEngine) -> FeedSession {
        endSession()
        let settings = self.settings
        // Muted at every launch while start-muted is on (the default); else
        // the user's last choice, saved across launches. Stress runs are
        // always muted.
        let muted = options.stress != nil || (settings?.bool(.startMuted, default: true) ?? true)
            || (settings?.bool(.muted, default: true) ?? true)
        let session = switch options.engine {
        case .flick:
            FeedSession(source: source, media: engine, playerPoolSize: Int(settings?.uint(.playerPoolSize, default: 3) ?? 3),
                        muted: muted)
        case .naive:
            // The bench's baseline: a player per mounted page.
            FeedSession(source: source, media: engine, baseline: NaivePlayers(radius: settings?.mountedPagesEachSide ?? 2),
                        muted: muted)
        }
        self.session = session
        if let localLikes = personal?.likes {
            let address = resume.address ?? ""
            session.send(.keepLikes(in: localLikes, source: address.isEmpty ? "demo" : address))
        }
        applyPlaybackSettings(to: session)
        // The speed and volume the user set in Preferences (or saved), from the first post.
        if let settings {
            session.send(.rate(settings.playbackRate))
            session.send(.volume(settings.volume))
        }
        return session
    }

    /// Stops the players of the feed shown until now (another replaces it).
    func endSession() {
        endForYou()
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
        wireForYou(view)
        view.addStateListener { [weak self, weak view] state in
            guard let self else { return }
            if let view { self.forYouObserve(state, view: view) }
            self.reporter.report(phase: .feed, feed: state, mix: self.mixReport(state))
            if let view { self.noteProgress(of: view) }
        }
        // A video playing on changes nothing the listener hears: its position is saved every 5 s.
        MainLoopSource.timeout(milliseconds: 5_000) { [weak self, weak view] in
            guard let self, let view, self.window?.feedView === view else { return false }
            if view.isPlaying { self.noteProgress(of: view) }
            return true
        }
        view.onMutedChange = { [weak settings] muted in settings?.set(.muted, bool: muted) }
        view.onVolumeChange = { [weak settings] volume in settings?.volume = volume }
        view.addPlayingListener { [weak window] playing in window?.setVideoPlaying(playing) }
        view.onToast = { [weak window] message in window?.showToast(message) }
        view.onSignInToLike = { [weak self] service, server in self?.offerSignInToLike(service: service, server: server) }
        view.onSaving = { [weak window, weak view] progress in
            window?.showSaving(progress) { view?.cancelSave() }
        }
        stress?.attach(view, showing: session)
        window.showFeed(view)
        reporter.report(phase: .feed, feed: view.state, mix: mixReport(view.state))
        runJumps(options.jumps, on: view)
    }
}
