import FeedCore
import FeedGObject
import Foundation

/// An account's token as one feed source uses it: sent only to the
/// account's own server (``origin``), renewed when it expires or the
/// server answers 401. GTK thread only; made by ``AccountKeeper``, which
/// holds the tokens.
@MainActor
public final class ServiceCredential {
    public let account: Account
    /// `scheme://host[:port]` of the account's server: the only origin
    /// the token is ever sent to (``CacheKey/origin(of:)``'s form).
    public let origin: String
    private weak var keeper: AccountKeeper?

    init(account: Account, origin: String, keeper: AccountKeeper) {
        self.account = account
        self.origin = origin
        self.keeper = keeper
    }

    /// The `Authorization` value for a request to `url`: nil for another
    /// origin (a media host, a redirect), or when no token is held.
    public func authorization(for url: URL) -> String? {
        guard CacheKey.origin(of: url.absoluteString) == origin,
              let token = keeper?.heldToken(for: account) else { return nil }
        return "Bearer \(token.accessToken)"
    }

    /// Bluesky: the account's DID, its repository (nil when no token is held).
    public var did: String? { keeper?.heldToken(for: account)?.did }

    /// Whether an answer says the token no longer works: a 401, or
    /// Bluesky's 400 `ExpiredToken` (its error name in the first 512 bytes).
    static func refused(status: Int, body: Data) -> Bool {
        status == 401 || (status == 400 && String(decoding: body.prefix(512), as: UTF8.self).contains("\"ExpiredToken\""))
    }

    /// Whether the token should be refreshed before it is used.
    public var needsRenewal: Bool {
        keeper?.heldToken(for: account)?.needsRefresh(now: Date().timeIntervalSince1970) ?? false
    }

    /// Asks for a fresh token (PeerTube's refresh grant); `completion(true)`
    /// once one is held. A token that cannot be renewed signs the account
    /// out for this run and the keeper tells the app (one toast).
    public func renew(_ completion: @escaping @MainActor (Bool) -> Void) {
        guard let keeper else {
            completion(false)
            return
        }
        keeper.renew(account, completion)
    }
}
