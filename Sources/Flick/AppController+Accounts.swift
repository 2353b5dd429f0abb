import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedHTTP
import FeedMedia
import FeedSources
import FeedUI
import FlickTooling
import Foundation

/// Accounts in the running app: the keeper is made with the window, its
/// list saved to GSettings `accounts` as it changes, its tokens read from
/// the keyring before a feed of their server opens. Signing in lists the
/// account's own feeds in the sidebar; signing out takes them away.
extension AppController {
    func setUpAccounts(_ settings: AppSettings) {
        let keeper = AccountKeeper(list: settings.accounts, session: HTTPSessions.standalone())
        keeper.onListChanged = { [weak self] list in
            self?.settings?.accounts = list
            self?.shell?.accountsChanged(list)
        }
        keeper.onSignedOut = { [weak self] account in
            self?.window?.showToast(tr("Signed out of %1$s — sign in again").filled(account.server), button: tr("Sign In"),
                                    action: "app.sign-in", target: Self.signInTarget(account.service, account.server))
        }
        keeper.load { missing in
            for account in missing {
                Log.warning("no token in the keyring for \(account.label): its feeds are read as a visitor")
            }
        }
        personal = PersonalData(accounts: keeper, likes: LocalLikeStore(), taste: makeTasteStore(settings))
        // Signed in or out from the command line while the window is open.
        settings.observe(.accounts) { [weak self] in
            guard let self, let settings = self.settings else { return }
            keeper.replaceList(settings.accounts)
            shell?.accountsChanged(keeper.list)
        }
    }

    /// The `(ss)` target of `app.sign-in` (floating).
    static func signInTarget(_ service: ServiceAddress.Service, _ server: String) -> OpaquePointer? {
        var children: [OpaquePointer?] = [g_variant_new_string(service.rawValue), g_variant_new_string(server)]
        return g_variant_new_tuple(&children, 2)
    }

    /// A heart on a service's post without an account there.
    func offerSignInToLike(service: ServiceAddress.Service, server: String) {
        let text = service == .bluesky ? tr("Sign in to Bluesky to like its posts") : tr("Sign in to %1$s to like its posts").filled(server)
        window?.showToast(text, button: tr("Sign In"),
                          action: "app.sign-in", target: Self.signInTarget(service, server))
    }

    /// What Preferences → Accounts shows and does.
    func accountsPageHooks() -> AccountsPage.Hooks? {
        guard personal != nil else { return nil }
        return AccountsPage.Hooks(accounts: { [weak self] in self?.personal?.accounts.list ?? AccountList() },
                                  signIn: { [weak self] in self?.showSignIn($0, server: nil) },
                                  signOut: { [weak self] in self?.signOut($0) })
    }

    func showSignIn(_ service: ServiceAddress.Service, server: String?) {
        guard let window, let accounts = personal?.accounts else { return }
        // Bluesky's sign-in service is a setting, not the server of a feed.
        let server = service == .bluesky ? (settings?.blueskyPDS ?? AppSettings.defaultPDS) : server
        // Over Preferences when it is open: the active window is the parent.
        let active = gtk_application_get_active_window(gtk_window_get_application(gcast(window.window.widget)))
        let parent: WidgetPointer = active.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self) }
            ?? window.window.widget
        let dialog = SignInDialog(parent: parent, service: service, server: server, session: accounts.session) { [weak self] account, token in
            self?.signedIn(account, token: token)
        }
        dialog.present()
    }

    private func signedIn(_ account: Account, token: AccountToken) {
        personal?.accounts.add(account, token: token) { [weak self] remembered in
            self?.window?.showToast(remembered
                ? tr("Signed in as %1$s").filled(account.label)
                : tr("Signed in as %1$s for now: no keyring answered, so it will not be remembered").filled(account.label))
        }
        listOwnFeeds(of: account, token: token)
        // A feed of that server showing now is read again with the account
        // (its hearts from the user's favourites, likes sent as them); any
        // Bluesky feed showing, for a Bluesky account.
        if let address = resume.address, case .success(let shown)? = ServiceAddress.parse(address),
           shown.service == account.service, shown.server == account.server {
            saveResumeNow(always: true)
            openService(shown)
        } else if account.service == .bluesky, let address = resume.address, case .success(let shown)? = BlueskyAddress.parse(address) {
            saveResumeNow(always: true)
            openBluesky(shown)
        }
    }

    private func signOut(_ account: Account) {
        personal?.accounts.remove(server: account.server, name: account.name) { [weak self] removed in
            guard let self, let removed else { return }
            // The user's own feeds of that server go with the account.
            if removed.service == .bluesky, let home = library.index(of: BlueskyAddress(scope: .home).text) {
                library.remove(at: home)
            }
            while let index = library.entries.firstIndex(where: { entry in
                guard case .success(let address)? = ServiceAddress.parse(entry.address) else { return false }
                return address.requiresAccount && address.service == removed.service && address.server == removed.server
            }) {
                library.remove(at: index)
            }
            settings?.sources = library
            refreshSidebar()
            window?.showToast(tr("Signed out of %1$s").filled(removed.label))
            // A feed of that server showing now is read as a visitor again (or,
            // the user's own, says to sign in): the token is gone.
            if let address = resume.address, case .success(let shown)? = ServiceAddress.parse(address),
               shown.service == removed.service, shown.server == removed.server {
                openService(shown)
            } else if removed.service == .bluesky, let address = resume.address, case .success(let shown)? = BlueskyAddress.parse(address) {
                openBluesky(shown)
            }
        }
    }

    /// Lists the account's own feeds in the sidebar (not opened): Home,
    /// Favourites, Bookmarks and the followed hashtags on Mastodon,
    /// Subscriptions and Watch later on PeerTube, Home on Pixelfed, For You
    /// and Following on Loops.
    private func listOwnFeeds(of account: Account, token: AccountToken) {
        if account.service == .bluesky {
            library.add(Self.entry(for: BlueskyAddress(scope: .home)))
            settings?.sources = library
            refreshSidebar()
            return
        }
        let paths = switch account.service {
        case .mastodon: ["home", "favourites", "bookmarks"]
        case .pixelfed: ["home"]
        case .loops: ["for-you", "following"]
        case .peertube: ["subscriptions", "watch-later"]
        case .bluesky, .lemmy: []
        }
        for path in paths {
            guard case .success(let address)? = ServiceAddress.parse("\(account.service.rawValue):\(account.server)/\(path)") else { continue }
            library.add(Self.entry(for: address))
        }
        settings?.sources = library
        refreshSidebar()
        guard account.service == .mastodon, let accounts = personal?.accounts else { return }
        FollowedTags.fetch(server: account.server, token: token, session: accounts.session) { [weak self] tags in
            guard let self else { return }
            for tag in tags {
                guard case .success(let address)? = ServiceAddress.parse("mastodon:\(account.server)/tags/\(tag)") else { continue }
                library.add(Self.entry(for: address))
            }
            settings?.sources = library
            refreshSidebar()
        }
    }
}
