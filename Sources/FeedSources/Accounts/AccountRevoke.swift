import FeedCore
import FeedGObject
import Foundation

/// Sign-out's request to the server: Mastodon `POST /oauth/revoke` with
/// the client and the token, PeerTube `POST /api/v1/users/revoke-token`
/// with the token, Bluesky `com.atproto.server.deleteSession` with the
/// refresh token, Pixelfed as Mastodon (Loops has no revocation: its
/// token is only forgotten). Whatever the answer, the account is forgotten after.
@MainActor
enum AccountRevoke {
    static func call(_ account: Account, token: AccountToken, session: GObjectRef,
                     done: @escaping @MainActor () -> Void) -> ServiceCall? {
        guard let base = URL(serverBase: account.server) else { return nil }
        switch account.service {
        case .loops, .lemmy:
            // Loops has no revocation for apps' tokens: the account is forgotten here.
            return nil
        case .mastodon, .pixelfed:
            return ServiceCall(.post, base.appendingPathComponent("oauth/revoke"),
                               form: [("client_id", token.clientID), ("client_secret", token.clientSecret),
                                      ("token", token.accessToken)],
                               session: session) { _ in done() }
        case .peertube:
            return ServiceCall(.post, base.appendingPathComponent("api/v1/users/revoke-token"), form: [],
                               bearer: token.accessToken, session: session) { _ in done() }
        case .bluesky:
            return ServiceCall(.post, base.appendingPathComponent("xrpc/com.atproto.server.deleteSession"),
                               bearer: token.refreshToken ?? token.accessToken, session: session) { _ in done() }
        }
    }
}
