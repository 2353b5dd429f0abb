import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import FeedSources
import FeedUI
import FlickTooling
import Foundation

/// For You: every listed source and the signed-in accounts' own streams,
/// mixed into one feed (FeedSources' ``ForYouSource``), learning from what
/// the user does (``ForYouLearner`` into the ``TasteStore``), saying why
/// each post is there. The sidebar's first row, `Ctrl+0`, `flick foryou`.
extension AppController {
    /// What `last-source` holds while For You shows, so it opens again at the next launch.
    static let forYouAddress = "foryou"

    /// The taste kept on this computer, learning while `for-you-learning` is on.
    func makeTasteStore(_ settings: AppSettings) -> TasteStore {
        let store = TasteStore()
        store.learning = settings.bool(.forYouLearning, default: true)
        settings.observe(.forYouLearning) { [weak store, weak settings] in
            store?.learning = settings?.bool(.forYouLearning, default: true) ?? true
        }
        store.onSetAside = { why in
            Log.warning("taste.json was set aside as taste.json.set-aside (\(why)): For You learns again from the start")
        }
        return store
    }

    /// Opens For You, replacing the feed shown.
    func openForYou() {
        guard let window, let personal else { return }
        localRead.cancel()
        saveResumeNow(always: true)
        endSession()
        resume.address = nil
        resume.restoring = false
        source = .forYou
        settings?.lastSource = Self.forYouAddress
        setTitle(tr("For You"))
        window.skippedFiles.show([], summary: nil)
        refreshSidebar(forYou: true)
        // The demo alone is nothing to mix: For You needs a source of the user's own, or an account.
        guard library.entries.contains(where: { $0.kind != .demo }) || !personal.accounts.list.accounts.isEmpty else {
            window.showEmpty(title: tr("No sources to mix yet"),
                             hint: tr("For You mixes the sources in the sidebar. Add one with Add Source… (Ctrl+N): a folder, a feed’s address, or a PeerTube, Mastodon or Bluesky address."))
            reporter.report(phase: .empty)
            return
        }
        // The accounts' tokens read their streams; the demo's server serves the demo.
        personal.accounts.whenLoaded { [weak self] in
            guard let self, case .forYou = self.source else { return }
            if self.library.entries.contains(where: { $0.kind == .demo }), self.demo == nil {
                self.startDemoServer { [weak self] in self?.showForYou() }
            } else {
                self.showForYou()
            }
        }
    }

    private func showForYou() {
        media.use { [weak self] engine in
            guard let self, case .forYou = self.source, let personal = self.personal else { return }
            let source = ForYouSource(members: self.forYouMembers(engine: engine), seed: self.options.mixSeed) {
                [weak taste = personal.taste] in taste?.taste ?? Taste()
            }
            source.onMemberFailed = { [weak self] member, failure in
                Log.warning("For You leaves out \(member.address.isEmpty ? "the demo" : member.address) for now: \(failure.message)")
                self?.window?.showToast(tr("For You leaves out ‘%1$s’ until it works again: %2$s").filled(member.name, failure.message))
            }
            let learner = ForYouLearner(source: source, store: personal.taste) { [weak self] in
                Double(self?.settings?.photoSeconds ?? WhenFinished.defaultPhotoSeconds)
            }
            let session = self.makeSession(source, engine: engine)
            self.resume.forYou = ForYouShown(source: source, learner: learner)
            self.refreshSidebar(forYou: true)
            self.showFeed(session)
            session.start { [weak self, weak session] failure in
                guard let self, let session, session === self.session else { return }
                if let failure {
                    Log.error("could not open For You: \(failure)")
                    self.endSession()
                    self.window?.showError(title: tr("None of your sources could be opened"),
                                           message: tr("The last one said: %1$s").filled(failure.message)) { [weak self] in self?.openForYou() }
                    self.reporter.report(phase: .error)
                } else if session.snapshot().items.isEmpty {
                    self.endSession()
                    self.window?.showEmpty(title: tr("Nothing to mix yet"), hint: tr("Your sources have no posts Flick can show."))
                    self.reporter.report(phase: .empty)
                }
            }
        }
    }

    /// The mix's sources: each listed one as it would open on its own (a
    /// service that needs an account left out without one), then the
    /// signed-in accounts' own streams not listed already.
    func forYouMembers(engine: MediaEngine) -> [ForYouMember] {
        var members = library.entries.compactMap { entry in
            memberSource(entry, engine: engine).map { ForYouMember(address: entry.address, name: entry.name, source: $0) }
        }
        guard let accounts = personal?.accounts else { return members }
        for account in accounts.list.accounts {
            let stream: (entry: SourceLibrary.Entry, source: FeedSource)?
            switch account.service {
            case .bluesky:
                let address = BlueskyAddress(scope: .home)
                stream = (try? blueskySource(address, engine: engine).get()).map { (Self.entry(for: address), $0) }
            case .mastodon, .pixelfed, .peertube:
                let scope = account.service == .peertube ? "subscriptions" : "home"
                guard case .success(let address)? = ServiceAddress.parse("\(account.service.rawValue):\(account.server)/\(scope)"),
                      let made = ServiceFeed.source(for: address, session: engine.http.api, credential: accounts.credential(for: address),
                                                    pageHeight: pagePixelHeight) else { continue }
                stream = (Self.entry(for: address), made.source)
            case .loops, .lemmy:
                stream = nil
            }
            guard let stream, !members.contains(where: { $0.address == stream.entry.address }) else { continue }
            members.append(ForYouMember(address: stream.entry.address, name: stream.entry.name, source: stream.source))
        }
        return members
    }

    private func memberSource(_ entry: SourceLibrary.Entry, engine: MediaEngine) -> FeedSource? {
        switch entry.kind {
        case .demo:
            return demo.map { PagedFeedSource(url: $0.url, cacheScope: "flick-demo", session: engine.http.api,
                                              renditionHeight: pagePixelHeight) }
        case .folder:
            return FolderSource(directory: FolderFeedSource.directory(entry.address))
        case .playlist:
            return PlaylistSource(path: entry.address)
        case .feed:
            guard let url = URL(string: entry.address) else { return nil }
            return DetectingFeedSource(url: url, session: engine.http.api, pageHeight: pagePixelHeight) {
                [weak self] address in self?.personal?.accounts.credential(for: address)
            }
        case .peertube, .mastodon, .loops, .pixelfed, .lemmy:
            guard case .success(let address)? = ServiceAddress.parse(entry.address), let accounts = personal?.accounts,
                  !address.requiresAccount || accounts.list.account(for: address) != nil else { return nil }
            return ServiceFeed.source(for: address, session: engine.http.api, credential: accounts.credential(for: address),
                                      pageHeight: pagePixelHeight)?.source
        case .bluesky:
            guard case .success(let address)? = BlueskyAddress.parse(entry.address) else { return nil }
            return try? blueskySource(address, engine: engine).get()
        }
    }

    /// The feed closes: the post on screen is left (and learned from).
    func endForYou() {
        resume.forYou?.learner.finish()
        resume.forYou = nil
    }

    /// Wires a new view of For You: its More menus, and what it learns from.
    func wireForYou(_ view: FeedView) {
        guard let forYou = resume.forYou else { return }
        view.mixes = true
        view.onPostAction = { [weak self, weak learner = forYou.learner] action, item in
            learner?.noted(action, on: item)
            if action == .whyThisPost { self?.explain(item) }
            if action == .showFewer { self?.resume.forYou?.remixAfterLeaving = item.id }
        }
    }

    /// The view's state changed: For You learns from it, and mixes again
    /// once the feed settled after "Show fewer like this".
    func forYouObserve(_ state: FeedState, view: FeedView) {
        guard let forYou = resume.forYou else { return }
        forYou.learner.observe(state, view: view)
        if let left = forYou.remixAfterLeaving, state.settled, state.currentID != left {
            // Not inside the view's own report: the items change once it has returned.
            resume.forYou?.remixAfterLeaving = nil
            MainLoopSource.idle { [weak self] in
                self?.remixForYou(at: state)
                return false
            }
        }
    }

    /// Picks the posts after the one on screen again, by the taste as it
    /// is now (after "Show fewer like this" once the feed settled, after Forget).
    func remixForYou(at state: FeedState? = nil) {
        guard let forYou = resume.forYou, let session else { return }
        resume.forYou?.remixAfterLeaving = nil
        guard let id = state?.currentID ?? window?.feedView?.currentItem?.id, forYou.source.remix(keepingThrough: id) else { return }
        session.reload { failure in
            if let failure { Log.warning("For You could not mix again: \(failure.message)") }
        }
    }

    /// What `--report-state` says of the post on screen: the address of
    /// the source it came from, and in For You why it was picked.
    func mixReport(_ state: FeedState) -> MixReport {
        guard let forYou = resume.forYou else { return .single(resume.address ?? "") }
        guard let id = state.currentID, let (address, _) = MixItemID.split(id) else { return .single() }
        let reasons = forYou.source.reasons(for: id)
        return MixReport(postSource: address, mixReason: MixReasonText.text(reasons, name: sourceName),
                         mixReasonCodes: reasons.map(\.code))
    }

    /// What the sidebar calls the source at `address` (the address itself for one not listed).
    func sourceName(_ address: String) -> String {
        if let member = resume.forYou?.source.members.first(where: { $0.address == address }) { return member.name }
        return library.index(of: address).map { library.entries[$0].name } ?? address
    }

    /// "Why am I seeing this?": the mix's one or two reasons, in a dialog.
    private func explain(_ item: FeedItem) {
        guard let window, let forYou = resume.forYou else { return }
        let text = MixReasonText.text(forYou.source.reasons(for: item.id), name: sourceName)
        let dialog = adw_message_dialog_new(gcast(window.window.widget), tr("Why am I seeing this?"), text)!
        adw_message_dialog_add_response(gcast(OpaquePointer(dialog)), "close", tr("_Close"))
        gtk_window_present(gcast(dialog))
    }
}
