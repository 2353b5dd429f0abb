import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import FeedSources
import FeedUI
import Foundation

/// Opening Bluesky addresses: the source on the AppView the settings
/// name, and a post's address landing on its post.
extension AppController {
    /// Opens a Bluesky account's posts or a custom feed from the AppView
    /// the settings name; a post's address lands on that post when the
    /// first page holds it, else at the top with a toast.
    func openBluesky(_ address: BlueskyAddress) {
        guard let window, let accounts = personal?.accounts else { return }
        window.skippedFiles.show([], summary: nil)
        // Home is read with the account's token: wait for the keyring's answer.
        accounts.whenLoaded { [weak self] in self?.openBlueskyNow(address) }
    }

    private func openBlueskyNow(_ address: BlueskyAddress) {
        media.use { [weak self] engine in
            guard let self else { return }
            switch self.blueskySource(address, engine: engine) {
            case .failure(let failure):
                self.window?.showError(title: tr("Could not open the feed"), message: failure.message) {}
                self.reporter.report(phase: .error)
            case .success(let source):
                self.setTitle(source.displayName)
                var land: (@MainActor (FeedView, FeedSession) -> Void)?
                if case .post(_, let rkey) = address.scope {
                    land = { [weak self] view, session in self?.land(on: rkey, view: view, session: session) }
                }
                self.showRemote(source, engine: engine, address: address.text, land: land) { [weak self] in
                    self?.openBluesky(address)
                }
            }
        }
    }

    /// The source for a Bluesky address, or why it cannot be read.
    func blueskySource(_ address: BlueskyAddress, engine: MediaEngine) -> Result<BlueskySource, FeedSourceFailure> {
        let credential = personal?.accounts.blueskyCredential()
        if address.requiresAccount, credential == nil {
            return .failure(FeedSourceFailure(message: tr("Sign in to Bluesky to see your timeline."), code: .httpError))
        }
        let appView = settings?.blueskyAppView ?? AppSettings.defaultAppView
        let directory = settings?.blueskyPLCDirectory ?? AppSettings.defaultPLCDirectory
        guard let source = BlueskySource(address: address, appView: appView, plcDirectory: directory, credential: credential,
                                         session: engine.http.api) else {
            // Translators: the value of the bluesky-appview setting.
            return .failure(FeedSourceFailure(message: tr("The Bluesky server setting ‘%1$s’ is not an https address.").filled(appView),
                                              code: .unsupportedFormat))
        }
        return .success(source)
    }

    /// Lands on the post with record key `rkey` (its first picture) when
    /// the first pages hold it (`pagesLeft` more are asked for while it is
    /// not found); else the feed starts at the top, and says so.
    private func land(on rkey: String, view: FeedView, session: FeedSession, pagesLeft: Int = 2) {
        let suffix = "/app.bsky.feed.post/\(rkey)"
        let snapshot = session.snapshot()
        if let index = snapshot.items.firstIndex(where: { $0.id.hasSuffix(suffix) || $0.id.hasSuffix("\(suffix)#1") }) {
            if index != view.currentIndex { view.scroll(to: index, animated: false) }
            return
        }
        guard pagesLeft > 0, snapshot.placeholderCount > 0, snapshot.loadMoreFailure == nil else {
            window?.showToast(tr("That post is not among the newest: the feed starts at the top."))
            return
        }
        // Once the next page came (or the feed ended, or failed), look again.
        let count = snapshot.items.count
        var waiting = true
        view.addStateListener { [weak session] state in
            guard waiting, let session else { return }
            // What the view holds: a post it does not hold yet cannot be scrolled to.
            let now = session.snapshot()
            guard state.itemCount > count || now.placeholderCount == 0 || now.loadMoreFailure != nil else { return }
            waiting = false
            // Not from inside the view's report, which is going through its listeners.
            MainLoopSource.idle { [weak self, weak view, weak session] in
                guard let self, let view, let session else { return false }
                self.land(on: rkey, view: view, session: session, pagesLeft: pagesLeft - 1)
                return false
            }
        }
        session.send(.loadMore)
    }
}
