import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import FeedSources
import FeedUI
import Foundation

/// The sources sidebar's side of the app: which sources are listed
/// (GSettings `sources`), which one shows and reopens at the next launch
/// (`last-source`), the sidebar's requests, and where each source was left
/// (`resume-points`), saved as you go and restored when it opens again.
extension AppController {
    /// Reads the saved library and wires the sidebar's requests.
    func setUpSources(_ settings: AppSettings) {
        library = settings.sources
        guard let sidebar = window?.sidebar else { return }
        sidebar.requests = .init(
            open: { [weak self] in self?.openSource(at: $0) },
            forYou: { [weak self] in self?.sourceAction(.forYou, place: nil) },
            add: { [weak self] in self?.showAddSource() },
            rename: { [weak self] in self?.renameSource(at: $0) },
            move: { [weak self] in self?.moveSource(at: $0, by: $1) },
            remove: { [weak self] in self?.removeSource(at: $0) })
        refreshSidebar()
    }

    /// The source to reopen at launch when the command line names none:
    /// the one last showing, if it is still listed (never for stress runs
    /// and benches, which measure the demo).
    func lastSourceToReopen() -> SourceLibrary.Entry? {
        guard options.stress == nil, !options.localDemo, let last = settings?.lastSource, !last.isEmpty,
              let index = library.index(of: last) else { return nil }
        return library.entries[index]
    }

    /// The sidebar's entry for a feed's URL: named by its host until
    /// detection names the server.
    static func entry(for url: URL) -> SourceLibrary.Entry {
        SourceLibrary.Entry(kind: .feed, name: url.host ?? url.absoluteString, address: url.absoluteString)
    }

    /// The sidebar's entry for a service address.
    static func entry(for address: ServiceAddress) -> SourceLibrary.Entry {
        let name: String
        switch address.scope {
        case .tag(let tag): name = tr("#%1$s on %2$s").filled(tag, address.host)
        case .channel(let channel): name = tr("%1$s on %2$s").filled(channel, address.host)
        case .account(let account) where address.service == .peertube: name = tr("%1$s on %2$s").filled(account, address.host)
        case .account(let account): name = tr("@%1$s on %2$s").filled(account, address.host)
        case .forYou: name = tr("For You on %1$s").filled(address.host)
        case .following: name = tr("Following on %1$s").filled(address.host)
        // Translators: a Lemmy community's name (after !), then the server.
        case .community(let community): name = tr("!%1$s on %2$s").filled(community, address.host)
        case .home: name = tr("Home on %1$s").filled(address.host)
        case .favourites: name = tr("Favourites on %1$s").filled(address.host)
        case .bookmarks: name = tr("Bookmarks on %1$s").filled(address.host)
        case .subscriptions: name = tr("Subscriptions on %1$s").filled(address.host)
        case .watchLater: name = tr("Watch later on %1$s").filled(address.host)
        default: name = address.host
        }
        let kind: SourceLibrary.Kind = switch address.service {
        case .peertube: .peertube
        case .mastodon, .bluesky: .mastodon
        case .loops: .loops
        case .pixelfed: .pixelfed
        case .lemmy: .lemmy
        }
        return SourceLibrary.Entry(kind: kind, name: name, address: address.text)
    }

    static func entry(for address: BlueskyAddress) -> SourceLibrary.Entry {
        let name: String
        switch address.scope {
        case .author(let actor), .post(let actor, _): name = "@\(actor)"
        // Translators: a custom feed's short name, then the account that made it.
        case .feed(let actor, let rkey): name = tr("%1$s by @%2$s").filled(rkey, actor)
        case .home: name = tr("Bluesky home")
        }
        // A post's address lists its author's posts: the sidebar reopens those.
        let listed = if case .post(let actor, _) = address.scope { BlueskyAddress(scope: .author(actor)) } else { address }
        return SourceLibrary.Entry(kind: .bluesky, name: name, address: listed.text)
    }

    /// `entry` is showing now: listed (once), selected, saved as the one to reopen.
    func noteOpened(_ entry: SourceLibrary.Entry) {
        localRead.cancel() // a folder or playlist still being read no longer shows
        endForYou()
        saveResumeNow(always: true) // where the source showing until now was left
        library.add(entry)
        resume.address = entry.address
        resume.restoring = true
        settings?.sources = library
        settings?.lastSource = entry.address
        refreshSidebar()
    }

    /// Detection named the server at `url` (a PeerTube instance's name, a
    /// Mastodon server's title): the title says it, and so does the
    /// sidebar while its entry still has the name it was given by default.
    func nameDetected(_ name: String, for url: URL) {
        setTitle(name)
        guard let index = library.index(of: url.absoluteString),
              library.entries[index].name == Self.entry(for: url).name else { return }
        library.rename(at: index, to: name)
        settings?.sources = library
        refreshSidebar()
    }

    /// `forYou`: For You shows (or is opening): its row is the one selected.
    func refreshSidebar(forYou: Bool? = nil) {
        let mixing = forYou ?? (resume.forYou != nil)
        window?.sidebar.update(library, current: mixing ? nil : resume.address.flatMap(library.index(of:)), forYou: mixing)
    }

    /// The sidebar's row, or Ctrl+N's source, opens.
    func openSource(at index: Int) {
        guard library.entries.indices.contains(index) else { return }
        let entry = library.entries[index]
        if entry.address == resume.address, resume.forYou == nil, session != nil {
            refreshSidebar()
            return
        }
        open(entry: entry)
        sidebarGivesWay()
    }

    /// In a narrow window the sidebar lies over the feed: once a source is chosen, it gives way.
    private func sidebarGivesWay() {
        if let sidebar = window?.sidebar, adw_flap_get_folded(gopaque(sidebar.flap)) != 0 { sidebar.isRevealed = false }
    }

    /// Opens a listed source the way its kind opens: a folder or playlist
    /// once read off the GTK thread, running `fallback` (after a toast
    /// saying why) when it can no longer be read. False (with a toast)
    /// when the entry's address is not one Flick can open.
    @discardableResult
    func open(entry: SourceLibrary.Entry, orElse fallback: (@MainActor () -> Void)? = nil) -> Bool {
        switch entry.kind {
        case .demo:
            noteOpened(entry)
            source = .demo
            setTitle(nil)
            if let url = demo?.url {
                openRemote(url, cacheScope: "flick-demo")
            } else {
                openDemo()
            }
        case .folder:
            open(folderAt: entry.address, orElse: fallback)
        case .playlist:
            openLocal(.playlist(entry.address), orElse: fallback)
        case .feed:
            guard let url = URL(string: entry.address) else { return false }
            open(feedAddress: .url(url), entry: entry)
        case .peertube, .mastodon, .loops, .pixelfed, .lemmy:
            guard case .success(let address)? = ServiceAddress.parse(entry.address) else {
                window?.showToast(tr("‘%1$s’ is not an address Flick can open any more").filled(entry.name))
                return false
            }
            open(feedAddress: .service(address), entry: entry)
        case .bluesky:
            guard case .success(let address)? = BlueskyAddress.parse(entry.address) else {
                window?.showToast(tr("‘%1$s’ is not an address Flick can open any more").filled(entry.name))
                return false
            }
            open(feedAddress: .bluesky(address), entry: entry)
        }
        return true
    }

    func sourceAction(_ action: WindowAction, place: Int?) {
        let current = resume.address.flatMap(library.index(of:))
        switch action {
        case .addSource: showAddSource()
        case .switchSource: if let place { openSource(at: place - 1) }
        case .forYou:
            if resume.forYou == nil || session == nil { openForYou() } else { refreshSidebar() }
            sidebarGivesWay()
        case .renameSource: if let current { renameSource(at: current) }
        case .removeSource: if let current { removeSource(at: current) }
        case .moveSourceUp: if let current { moveSource(at: current, by: -1) }
        case .moveSourceDown: if let current { moveSource(at: current, by: 1) }
        default: break
        }
    }

    func moveSource(at index: Int, by offset: Int) {
        library.move(at: index, by: offset)
        settings?.sources = library
        refreshSidebar()
    }

    /// Removes a source; when it was showing, the one before it opens.
    func removeSource(at index: Int) {
        guard library.entries.count > 1, let removed = library.remove(at: index) else { return }
        settings?.sources = library
        window?.showToast(tr("Removed ‘%1$s’ from the sources").filled(removed.name))
        if removed.address == resume.address {
            open(entry: library.entries[max(0, index - 1)])
        } else {
            refreshSidebar()
        }
    }

    func renameSource(at index: Int) {
        guard let window, library.entries.indices.contains(index) else { return }
        let entry = library.entries[index]
        SourceDialogs.askForName(parent: window.window.widget, current: entry.name) { [weak self] name in
            guard let self, let place = self.library.index(of: entry.address) else { return }
            self.library.rename(at: place, to: name)
            self.settings?.sources = self.library
            self.refreshSidebar()
        }
    }

    // MARK: Add Source

    func showAddSource() {
        guard let window, addSourceDialog == nil else { return }
        let dialog = AddSourceDialog(parent: window.window.widget) { [weak self] address, finish in
            self?.preview(address, finish)
        }
        dialog.onPreviewText = { [weak window] text in window?.sidebar.preview = text }
        dialog.onClose = { [weak self] in
            self?.addSourceDialog = nil
            self?.window?.sidebar.preview = nil
        }
        dialog.onAdd = { [weak self] address, name in
            guard let self else { return }
            var entry: SourceLibrary.Entry
            switch address {
            case .url(let url): entry = Self.entry(for: url)
            case .service(let service): entry = Self.entry(for: service)
            case .bluesky(let bluesky): entry = Self.entry(for: bluesky)
            }
            if let name { entry.name = name }
            self.open(feedAddress: address, entry: entry)
            self.sidebarGivesWay()
        }
        addSourceDialog = dialog
        dialog.present()
    }

    /// Loads the first page of `address` for the Add Source dialog: what
    /// it is called and its first post's title, or why it cannot be opened.
    private func preview(_ address: FeedURLInput.Address,
                         _ finish: @escaping @MainActor (Result<AddSourceDialog.Preview, FeedSourceFailure>) -> Void) {
        media.use { [weak self] engine in
            guard let self else { return }
            let source: FeedSource
            var name: String?
            switch address {
            case .url(let url):
                let detecting = DetectingFeedSource(url: url, session: engine.http.api, pageHeight: self.pagePixelHeight)
                detecting.onNamed = { name = $0 }
                source = detecting
                name = url.host
            case .service(let service):
                if service.requiresAccount, self.personal?.accounts.list.account(for: service) == nil {
                    finish(.failure(FeedSourceFailure(message: tr("Sign in to %1$s first").filled(service.server), code: .httpError)))
                    return
                }
                guard let made = ServiceFeed.source(for: service, session: engine.http.api,
                                                    credential: self.personal?.accounts.credential(for: service),
                                                    pageHeight: self.pagePixelHeight) else {
                    finish(.failure(FeedSourceFailure(message: tr("%1$s does not make a usable address").filled(service.text), code: .unsupportedFormat)))
                    return
                }
                source = made.source
                name = made.name
            case .bluesky(let bluesky):
                switch self.blueskySource(bluesky, engine: engine) {
                case .success(let made):
                    source = made
                    name = made.displayName
                case .failure(let failure):
                    return finish(.failure(failure))
                }
            }
            source.loadFirst { result in
                _ = source // held until it answers
                switch result {
                case .success(let page):
                    guard let first = page.items.first else {
                        finish(.failure(FeedSourceFailure(message: tr("It has no posts Flick can show."), code: .unsupportedFormat)))
                        return
                    }
                    finish(.success(.init(name: name, firstPost: first.title ?? first.author ?? first.kind.localizedName,
                                          posts: page.items.count, more: page.next != nil)))
                case .failure(let failure):
                    finish(.failure(failure))
                }
            }
        }
    }

    // MARK: Resume

    /// The feed has shown its first page: land where this source was left.
    func restoreResume(on view: FeedView, session: FeedSession) {
        defer { resume.restoring = false }
        guard let address = resume.address, let point = settings?.resumePoint(for: address),
              let landing = point.landing(in: session.snapshot().items.map(\.id)) else { return }
        if landing.index != view.currentIndex { view.scroll(to: landing.index, animated: false) }
        guard landing.seconds > 0 else { return }
        // Seek once the post is ready to play, not before.
        var seeked = false
        view.addStateListener { [weak view] state in
            guard !seeked, let view, state.currentIndex == landing.index, state.currentReady else { return }
            seeked = true
            view.seek(to: landing.seconds)
        }
    }

    /// The feed reported a change: where it is gets saved within a second.
    func noteProgress(of view: FeedView) {
        guard !resume.restoring, resume.pendingSave == nil, resume.address != nil else { return }
        resume.pendingSave = MainLoopSource.after(milliseconds: 1_000) { [weak self, weak view] in
            self?.resume.pendingSave = nil
            guard let view else { return }
            self?.saveResume(of: view)
        }
    }

    /// Saves at once what is waiting, or, with `always`, where the feed is
    /// now (another source opens, the app closes).
    func saveResumeNow(always: Bool = false) {
        guard resume.pendingSave != nil || always else { return }
        resume.pendingSave?.cancel()
        resume.pendingSave = nil
        if let view = window?.feedView { saveResume(of: view) }
    }

    private func saveResume(of view: FeedView) {
        guard !resume.restoring, let address = resume.address, let item = view.currentItem else { return }
        settings?.setResumePoint(ResumePoint(id: item.id, index: view.currentIndex,
                                             seconds: item.kind.isPlayed ? view.currentPosition ?? 0 : 0), for: address)
    }
}
