import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import FeedUI

/// Preferences → Accounts: the accounts signed in to, each with Sign Out,
/// and a sign-in for each service. The list is shown again whenever it
/// changes (``show(_:)``). GTK thread only.
@MainActor
final class AccountsPage {
    /// What the page asks the app to do.
    struct Hooks {
        var accounts: @MainActor () -> AccountList
        var signIn: @MainActor (ServiceAddress.Service) -> Void
        var signOut: @MainActor (Account) -> Void
    }

    /// The AdwPreferencesPage.
    let page: WidgetPointer
    private let hooks: Hooks
    private let group: WidgetPointer
    private var rows: [WidgetPointer] = []
    private var connections: [SignalConnection] = []
    private var rowConnections: [SignalConnection] = []

    init(hooks: Hooks) {
        self.hooks = hooks
        page = adw_preferences_page_new()!
        adw_preferences_page_set_title(gcast(page), tr("Accounts"))
        adw_preferences_page_set_icon_name(gcast(page), "system-users-symbolic")
        group = adw_preferences_group_new()!
        adw_preferences_group_set_title(gcast(group), tr("Accounts"))
        adw_preferences_group_set_description(gcast(group), tr("Signed in, Flick shows your home timeline, favourites and bookmarks on Mastodon, your subscriptions on PeerTube, your timeline on Bluesky, your home on Pixelfed and For You on Loops, and your likes reach the server. Tokens are kept in your keyring, never your password."))
        adw_preferences_page_add(gcast(page), gcast(group))

        let add = adw_preferences_group_new()!
        adw_preferences_group_add(gcast(add), PreferenceRows.buttonRow(
            title: tr("Mastodon"), subtitle: tr("Sign in on the server’s page, in your browser"),
            button: tr("Sign in to _Mastodon…"), connections: &connections) { hooks.signIn(.mastodon) })
        adw_preferences_group_add(gcast(add), PreferenceRows.buttonRow(
            title: tr("PeerTube"), subtitle: tr("Sign in with your user name and password"),
            button: tr("Sign in to Peer_Tube…"), connections: &connections) { hooks.signIn(.peertube) })
        adw_preferences_group_add(gcast(add), PreferenceRows.buttonRow(
            title: tr("Bluesky"), subtitle: tr("Sign in with your handle and an app password"),
            button: tr("Sign in to _Bluesky…"), connections: &connections) { hooks.signIn(.bluesky) })
        adw_preferences_group_add(gcast(add), PreferenceRows.buttonRow(
            title: tr("Pixelfed"), subtitle: tr("Sign in on the server’s page, in your browser"),
            button: tr("Sign in to P_ixelfed…"), connections: &connections) { hooks.signIn(.pixelfed) })
        adw_preferences_group_add(gcast(add), PreferenceRows.buttonRow(
            title: tr("Loops"), subtitle: tr("Sign in on the server’s page, in your browser"),
            button: tr("Sign in to _Loops…"), connections: &connections) { hooks.signIn(.loops) })
        adw_preferences_page_add(gcast(page), gcast(add))
        show(hooks.accounts())
    }

    /// Lists `list`'s accounts in place of the rows shown.
    func show(_ list: AccountList) {
        for row in rows { adw_preferences_group_remove(gcast(group), row) }
        rows.removeAll()
        rowConnections.removeAll()
        if list.accounts.isEmpty {
            let row = PreferenceRows.actionRow(title: tr("No accounts yet"))
            adw_preferences_group_add(gcast(group), row)
            rows.append(row)
        }
        for account in list.accounts {
            let service = switch account.service {
            case .mastodon: tr("Mastodon")
            case .peertube: tr("PeerTube")
            case .bluesky: tr("Bluesky")
            case .pixelfed: tr("Pixelfed")
            case .loops: tr("Loops")
            case .lemmy: tr("Lemmy")
            }
            let title = account.displayName.isEmpty ? account.label : account.displayName
            // Translators: an account (name@server) and its service.
            let row = PreferenceRows.buttonRow(title: title, subtitle: tr("%1$s on %2$s").filled(account.label, service),
                                               button: tr("Sign _Out"), destructive: true,
                                               connections: &rowConnections) { [hooks] in hooks.signOut(account) }
            adw_preferences_row_set_use_underline(gcast(row), 0)
            adw_preferences_group_add(gcast(group), row)
            rows.append(row)
        }
    }
}
