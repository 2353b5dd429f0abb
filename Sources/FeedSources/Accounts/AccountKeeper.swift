import FeedCore
import FeedGObject
import Foundation

/// The accounts the user signed in to and their tokens, for the run.
/// GTK thread only; one per app, made with the engine's API session.
///
/// The list (``AccountList``) is the app's to save (GSettings); tokens
/// live in the keyring through ``SecretStore`` and, once read, in memory
/// here. When the keyring is missing a sign-in still works for the run
/// (``remembered(_:)`` says false). A token that stops working (a 401
/// Mastodon cannot renew, a PeerTube refresh refused) is dropped for the
/// run and ``onSignedOut`` tells the app; the account and its sources stay.
@MainActor
public final class AccountKeeper {
    /// The list changed (a sign-in, a sign-out): save it.
    public var onListChanged: (@MainActor (AccountList) -> Void)?
    /// An account's token stopped working: the app shows "Signed out of HOST".
    public var onSignedOut: (@MainActor (Account) -> Void)?

    public private(set) var list: AccountList
    private let secrets: SecretStore
    /// The libsoup session sign-ins, refreshes and revokes go through.
    public let session: GObjectRef
    private var tokens: [Account: AccountToken] = [:]
    /// Accounts whose token the keyring did not take (kept for the run only).
    private var unremembered = Set<Account>()
    /// Accounts whose token failed this run.
    private var signedOut = Set<Account>()
    /// Refreshes under way (a PeerTube or Bluesky sign-in object), and who waits for each.
    private var renewals: [Account: (AnyObject, [@MainActor (Bool) -> Void])] = [:]
    /// Waiting for the keyring's first answers (``whenLoaded(_:)``); nil once loaded.
    private var loadWaiters: [@MainActor () -> Void]? = []
    /// Sign-outs' revoke requests still out.
    private var revoking: [ServiceCall] = []

    public init(list: AccountList, session: GObjectRef, secrets: SecretStore = SecretStore()) {
        self.list = list
        self.session = session
        self.secrets = secrets
    }

    /// Runs `work` once the tokens are read (at once if they are): a
    /// feed of an account's server opens with its token, not as a visitor.
    public func whenLoaded(_ work: @escaping @MainActor () -> Void) {
        if loadWaiters == nil { work() } else { loadWaiters?.append(work) }
    }

    /// Reads every listed account's token from the keyring; `completion`
    /// once all have answered, with the accounts whose token is missing.
    public func load(_ completion: @escaping @MainActor (_ missing: [Account]) -> Void = { _ in }) {
        var waiting = list.accounts.filter { tokens[$0] == nil }
        var missing: [Account] = []
        let finished: @MainActor () -> Void = { [weak self] in
            completion(missing)
            let waiters = self?.loadWaiters ?? []
            self?.loadWaiters = nil
            for work in waiters { work() }
        }
        guard !waiting.isEmpty else {
            finished()
            return
        }
        for account in waiting {
            secrets.lookup(account) { [weak self] result in
                if case .success(let token?) = result { self?.tokens[account] = token } else { missing.append(account) }
                waiting.removeAll { $0 == account }
                if waiting.isEmpty { finished() }
            }
        }
    }

    /// The list as saved elsewhere (`flick account add` while the app runs):
    /// taken as it is, tokens of new accounts read from the keyring.
    public func replaceList(_ saved: AccountList) {
        guard saved != list else { return }
        for gone in list.accounts where !saved.accounts.contains(gone) { tokens[gone] = nil }
        list = saved
        for account in saved.accounts where tokens[account] == nil {
            secrets.lookup(account) { [weak self] result in
                if case .success(let token?) = result { self?.tokens[account] = token }
            }
        }
    }

    /// The token held in memory for `account`, unless it failed this run.
    public func heldToken(for account: Account) -> AccountToken? {
        signedOut.contains(account) ? nil : tokens[account]
    }

    /// Whether the keyring keeps `account`'s token across launches.
    public func remembered(_ account: Account) -> Bool { !unremembered.contains(account) }

    /// The signed-in Bluesky account's credential (its tokens go to its PDS only); nil when none.
    public func blueskyCredential() -> ServiceCredential? {
        list.accounts.first { $0.service == .bluesky }.flatMap(credential(of:))
    }

    /// What reads `address` with an account: nil when the user has none on its server.
    public func credential(for address: ServiceAddress) -> ServiceCredential? {
        list.account(for: address).flatMap(credential(of:))
    }

    /// `account`'s credential: its token goes to its own server's origin only.
    private func credential(of account: Account) -> ServiceCredential? {
        guard let base = ServiceAddress.baseURL(ofServer: account.server), let origin = CacheKey.origin(of: base) else { return nil }
        return ServiceCredential(account: account, origin: origin, keeper: self)
    }

    /// Keeps a signed-in account: in the list, its token in the keyring.
    /// `completion(true)` when the keyring took it; false: this run only.
    public func add(_ account: Account, token: AccountToken, completion: @escaping @MainActor (_ remembered: Bool) -> Void) {
        tokens[account] = token
        signedOut.remove(account)
        // The account this one replaces (same server, another user) goes with its token.
        if let replaced = list.accounts.first(where: { $0.service == account.service && $0.server == account.server && $0 != account }) {
            tokens[replaced] = nil
            secrets.clear(replaced) { _ in }
        }
        list.add(account)
        onListChanged?(list)
        secrets.store(token, for: account) { [weak self] result in
            let stored = (try? result.get()) != nil
            if stored { self?.unremembered.remove(account) } else { self?.unremembered.insert(account) }
            completion(stored)
        }
    }

    /// Signs out: revokes the token at the server (best effort), forgets it
    /// in the keyring and drops the account. `completion` with whether
    /// there was such an account.
    public func remove(server: String, name: String, completion: @escaping @MainActor (Account?) -> Void) {
        guard let account = list.accounts.first(where: { $0.server == server.lowercased() && $0.name == name }) else {
            completion(nil)
            return
        }
        let finish: @MainActor () -> Void = { [weak self] in
            guard let self else { return }
            secrets.clear(account) { [weak self] _ in
                guard let self else { return }
                tokens[account] = nil
                list.remove(server: account.server, name: account.name)
                onListChanged?(list)
                completion(account)
            }
        }
        let revoke: @MainActor (AccountToken?) -> Void = { [weak self] token in
            guard let self, let token else {
                finish()
                return
            }
            var made: ServiceCall?
            made = AccountRevoke.call(account, token: token, session: session) { [weak self] in
                self?.revoking.removeAll { $0 === made }
                finish()
            }
            if let made { revoking.append(made) } else { finish() }
        }
        if let token = tokens[account] {
            revoke(token)
        } else {
            secrets.lookup(account) { revoke(try? $0.get()) }
        }
    }

    func renew(_ account: Account, _ completion: @escaping @MainActor (Bool) -> Void) {
        if renewals[account] != nil {
            renewals[account]?.1.append(completion)
            return
        }
        guard let token = tokens[account], !signedOut.contains(account) else {
            expire(account)
            completion(false)
            return
        }
        let renewed: @MainActor (Result<AccountToken, SignInFailure>) -> Void = { [weak self] result in
            guard let self else { return }
            let waiting = renewals.removeValue(forKey: account)?.1 ?? []
            switch result {
            case .success(let fresh):
                tokens[account] = fresh
                if !unremembered.contains(account) { secrets.store(fresh, for: account) { _ in } }
                for done in waiting { done(true) }
            case .failure(.expired):
                expire(account)
                for done in waiting { done(false) }
            case .failure:
                // The server could not be asked now: the token stays, this request fails.
                for done in waiting { done(false) }
            }
        }
        switch account.service {
        case .peertube:
            guard let signIn = PeerTubeSignIn(server: account.server, session: session) else { break }
            renewals[account] = (signIn, [completion])
            signIn.refresh(token, account: account) { renewed($0.map(\.1)) }
            return
        case .bluesky:
            guard let grant = BlueskyGrant(account: account, token: token),
                  let signIn = BlueskySignIn(service: grant.pds, session: session) else { break }
            renewals[account] = (signIn, [completion])
            signIn.refresh(grant) { result in
                renewed(result.flatMap { fresh in
                    fresh.account.map { .success($0.1) } ?? .failure(.expired(server: account.server))
                })
            }
            return
        case .mastodon, .pixelfed, .loops, .lemmy:
            break
        }
        // Mastodon's tokens do not expire, and Flick does not renew Loops's
        // or Pixelfed's: one refused is gone.
        expire(account)
        completion(false)
    }

    private func expire(_ account: Account) {
        guard !signedOut.contains(account) else { return }
        signedOut.insert(account)
        onSignedOut?(account)
    }
}
