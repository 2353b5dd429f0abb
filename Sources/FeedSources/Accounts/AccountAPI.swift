import FeedCore
import Foundation

/// The answers of the sign-in APIs Flick reads, as Mastodon's and
/// PeerTube's documentation give them; every other field is ignored.
/// Decoded with snake_case keys (PeerTube's camelCase ones pass as they
/// are). Pure; any thread.
enum AccountAPI {
    /// Mastodon `POST /api/v1/apps`; PeerTube `GET /api/v1/oauth-clients/local`.
    struct Client: Decodable {
        var clientId: String
        var clientSecret: String
    }

    /// `POST /oauth/token` (Mastodon), `POST /api/v1/users/token` (PeerTube).
    struct Token: Decodable {
        var accessToken: String
        var refreshToken: String?
        var expiresIn: Double?
    }

    /// Mastodon `GET /api/v1/accounts/verify_credentials`.
    struct MastodonCredentials: Decodable {
        var username: String
        var displayName: String?
    }

    /// Loops `GET /api/v1/account/info/self`: the profile in `data`
    /// (its `name` the display name).
    struct LoopsSelf: Decodable {
        struct Profile: Decodable {
            var username: String
            var name: String?
        }
        var data: Profile

        var me: MastodonCredentials { MastodonCredentials(username: data.username, displayName: data.name) }
    }

    /// PeerTube `GET /api/v1/users/me`.
    struct PeerTubeMe: Decodable {
        struct Owner: Decodable { var displayName: String? }
        var username: String
        var account: Owner?
    }

    /// An OAuth error answer (`{"error": "invalid_grant", "code": …}`).
    struct ErrorAnswer: Decodable {
        var error: String?
        var code: String?
    }

    static func decode<T: Decodable>(_ type: T.Type, _ body: Data) -> T? {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try? decoder.decode(type, from: body)
    }

    /// The token answer as a keyring entry, checked; nil when it is not one.
    static func token(_ body: Data, client: Client, now: Double, keepRefresh: String? = nil) -> AccountToken? {
        guard let answer = decode(Token.self, body) else { return nil }
        let token = AccountToken(accessToken: answer.accessToken, refreshToken: answer.refreshToken ?? keepRefresh,
                                 expiresAt: AccountToken.expiry(now: now, expiresIn: answer.expiresIn),
                                 clientID: client.clientId, clientSecret: client.clientSecret)
        return token.isValid ? token : nil
    }
}
