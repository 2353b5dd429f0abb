import CGLib
import FeedCore
import FeedGObject
import FeedHTTP
import FeedMedia
import FeedSources
import FlickTooling
import Foundation

/// `flick account …`: accounts from the command line, for scripts and tests.
///
///     flick account add mastodon:HOST                  sign in in the browser
///     flick account add pixelfed:HOST                  (Pixelfed and Loops the same way)
///     flick account add loops:HOST
///     flick account add peertube:HOST --user NAME [--code CODE]
///                                                      the password on standard input
///     flick account add bsky:HANDLE                    an app password on standard input
///     flick account list                               name@server, service, display name
///     flick account remove HOST ACCOUNT                sign out (revoke, forget)
///
/// The same accounts as the app's (GSettings `accounts`, tokens in the
/// keyring). Exit status: 0 done, 1 the server or keyring failed, 2 the
/// words are wrong.
@MainActor
enum AccountCommand {
    enum Action: Equatable {
        /// Mastodon, Pixelfed or Loops: in the browser.
        case addInBrowser(service: ServiceAddress.Service, server: String)
        case addPeerTube(server: String, user: String, code: String?)
        case addBluesky(handle: String)
        case list
        case remove(server: String, name: String)
    }

    nonisolated static let usage = "usage: flick account add mastodon:HOST | add pixelfed:HOST | add loops:HOST | add peertube:HOST --user NAME [--code CODE] | add bsky:HANDLE | list | remove HOST ACCOUNT"

    /// The longest password read from standard input, in bytes.
    static let maxPasswordBytes = 4_096

    /// Parses the words after `flick account`.
    nonisolated static func parse(_ words: [String]) -> Action? {
        switch (words.first, words.count) {
        case ("list", 1): return .list
        case ("remove", 3):
            guard let server = ServiceAddress.normalizedServer(words[1]) else { return nil }
            return .remove(server: server, name: words[2])
        case ("add", 2):
            if case .success(let bluesky)? = BlueskyAddress.parse(words[1]) {
                guard case .author(let handle) = bluesky.scope, !handle.hasPrefix("did:") else { return nil }
                return .addBluesky(handle: handle)
            }
            fallthrough
        case ("add", 3...):
            guard case .success(let address)? = ServiceAddress.parse(words[1]), address.scope == .instance
                    || address.service == .mastodon || address.service == .pixelfed else { return nil }
            var rest = Array(words.dropFirst(2))
            var user: String?
            var code: String?
            while rest.count >= 2 {
                switch rest[0] {
                case "--user": user = rest[1]
                case "--code": code = rest[1]
                default: return nil
                }
                rest.removeFirst(2)
            }
            guard rest.isEmpty else { return nil }
            switch address.service {
            case .mastodon where user == nil && code == nil, .pixelfed where user == nil && code == nil,
                 .loops where user == nil && code == nil:
                return .addInBrowser(service: address.service, server: address.server)
            case .peertube:
                guard let user, Account.isUserName(user) else { return nil }
                return .addPeerTube(server: address.server, user: user, code: code)
            default: return nil
            }
        default: return nil
        }
    }

    /// `mastodon:HOST` and `pixelfed:HOST` alone are not addresses (a
    /// timeline is needed): the word is read as a server here.
    nonisolated static func normalize(_ words: [String]) -> [String] {
        guard words.count >= 2, words[0] == "add",
              let prefix = ["mastodon:", "pixelfed:"].first(where: { words[1].lowercased().hasPrefix($0) }),
              !words[1].dropFirst(prefix.count).contains("/") else { return words }
        var out = words
        out[1] += "/home"
        return out
    }

    static func run(_ action: Action) -> Int32 {
        let settings = AppSettings()
        if case .list = action {
            for account in settings.accounts.accounts {
                print("\(account.label)\t\(account.service.rawValue)\t\(account.displayName)")
            }
            return 0
        }
        let session = HTTPSessions.standalone()
        let keeper = AccountKeeper(list: settings.accounts, session: session)
        keeper.onListChanged = { settings.accounts = $0 }
        let loop = g_main_loop_new(nil, 0)
        defer { g_main_loop_unref(loop) }
        var status: Int32?
        let done: @MainActor (Int32) -> Void = { code in
            status = code
            g_main_loop_quit(loop)
        }
        let signedIn: @MainActor (Result<(Account, AccountToken), SignInFailure>) -> Void = { result in
            switch result {
            case .failure(let failure):
                Log.error(failure.description)
                done(1)
            case .success((let account, let token)):
                keeper.add(account, token: token) { remembered in
                    print("signed in as \(account.label)")
                    if !remembered {
                        Log.warning(tr("no keyring (Secret Service) answered: the sign-in to %1$s will not be remembered").filled(account.server))
                    }
                    done(remembered ? 0 : 1)
                }
            }
        }
        var running: AnyObject?
        switch action {
        case .list:
            return 0
        case .addInBrowser(let service, let server):
            guard let signIn = BrowserSignIn(service: service, server: server, session: session) else { return 2 }
            running = signIn
            signIn.start(openBrowser: { url in
                Log.info(tr("opening the sign-in page of %1$s in your browser: %2$s").filled(server, url.absoluteString))
                BrowserLauncher.open(url) { problem in
                    guard let problem else { return }
                    Log.error(tr("could not open a browser (%1$s): open the address above yourself").filled(problem))
                }
            }, completion: signedIn)
        case .addPeerTube(let server, let user, let code):
            guard let signIn = PeerTubeSignIn(server: server, session: session) else { return 2 }
            guard let line = readSecret() else {
                Log.error(tr("flick account add peertube: reads the password from standard input (one line)"))
                return 2
            }
            running = signIn
            signIn.start(user: user, password: line, code: code) { result in
                if case .failure(.needsCode) = result, code == nil {
                    Log.error(tr("%1$s asks for the code of your two-factor app: run again with --code CODE").filled(server))
                    done(1)
                    return
                }
                signedIn(result)
            }
        case .addBluesky(let handle):
            guard let signIn = BlueskySignIn(service: settings.blueskyPDS, session: session) else {
                Log.error(tr("The Bluesky sign-in service setting ‘%1$s’ is not an https address.").filled(settings.blueskyPDS))
                return 2
            }
            guard let password = readSecret() else {
                Log.error(tr("flick account add bsky: reads an app password from standard input (one line)"))
                return 2
            }
            running = signIn
            signIn.startAccount(identifier: handle, appPassword: password, completion: signedIn)
        case .remove(let server, let name):
            keeper.remove(server: server, name: name) { removed in
                if let removed {
                    print("signed out of \(removed.label)")
                    done(0)
                } else {
                    Log.error(tr("there is no account %1$s on %2$s (flick account list shows them)").filled(name, server))
                    done(1)
                }
            }
        }
        // An answer may come before the loop runs (nothing to ask a server); a quit then would be lost.
        if status == nil { g_main_loop_run(loop) }
        _ = running
        return status ?? 1
    }

    /// The first line of standard input (a password), at most
    /// ``maxPasswordBytes``; nil when there is none.
    private static func readSecret() -> String? {
        let input = FileHandle.standardInput.readData(ofLength: maxPasswordBytes + 1)
        guard input.count <= maxPasswordBytes,
              let line = String(data: input, encoding: .utf8)?.split(separator: "\n", omittingEmptySubsequences: false).first,
              !line.isEmpty else { return nil }
        return String(line)
    }
}
