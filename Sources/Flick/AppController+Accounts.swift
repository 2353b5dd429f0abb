import FeedCore
import FeedGObject
import FeedMedia
import FlickTooling
import Foundation

/// Accounts in the running app: the keeper is made with the window, its
/// list saved to GSettings `accounts` as it changes, its tokens read from
/// the keyring before a feed of their server opens.
extension AppController {
    func setUpAccounts(_ settings: AppSettings) {
        let keeper = AccountKeeper(list: settings.accounts, session: HTTPSessions.standalone())
        keeper.onListChanged = { [weak self] list in
            self?.settings?.accounts = list
            self?.shell?.report()
        }
        keeper.onSignedOut = { [weak self] account in
            self?.window?.showToast(tr("Signed out of %1$s — sign in again").filled(account.server))
        }
        keeper.load { missing in
            for account in missing {
                Log.warning("no token in the keyring for \(account.label): its feeds are read as a visitor")
            }
        }
        accounts = keeper
    }
}
