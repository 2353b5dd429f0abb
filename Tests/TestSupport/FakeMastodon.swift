import CGLib
import FeedDemo
import Foundation

/// A Mastodon server's account API on loopback, for the sign-in tests:
/// apps, authorize (which redirects the browser to the app's callback
/// with `code` and `state`), token with PKCE checked (a wrong verifier is
/// refused), revoke, verify_credentials, home, favourites, bookmarks,
/// followed tags, and favourite/unfavourite, in the shapes Mastodon's
/// documentation gives. Handlers run on the server's thread; every
/// count is read under the lock.
public final class FakeMastodon: @unchecked Sendable {
    private let lock = NSLock()
    private var apps: [String: (secret: String, redirect: String)] = [:]
    private var codes: [String: (client: String, redirect: String, challenge: String)] = [:]
    private var live = Set<String>()
    private var revokedTokens: [String] = []
    private var favourites: [String: Int] = [:]
    private var unfavourites: [String: Int] = [:]
    private var refuseFavourites = false
    private var counter = 0

    /// Who signs in.
    public let user: String
    /// The home timeline's media addresses, one status each (newest first).
    public let media: [String]

    /// The scopes an app must register with (Pixelfed's are `read write`).
    public let scopes: String

    public init(user: String = "ana", media: [String], scopes: String = "read write:favourites write:bookmarks") {
        self.user = user
        self.media = media
        self.scopes = scopes
    }

    private func locked<T>(_ work: () -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        return work()
    }

    /// Tokens issued and not revoked.
    public var liveTokens: Set<String> { locked { live } }
    public var revoked: [String] { locked { revokedTokens } }
    public func favourited(_ id: String) -> Int { locked { favourites[id] ?? 0 } }
    public func unfavourited(_ id: String) -> Int { locked { unfavourites[id] ?? 0 } }
    /// Every token stops working (revoked on the server's side).
    public func revokeAll() { locked { live.removeAll() } }
    /// Favourites answer 500 from now on.
    public func failFavourites(_ fail: Bool) { locked { refuseFavourites = fail } }

    /// Adds the routes to `server`.
    public func install(on server: MediaServer) {
        let base = server.baseURL?.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")) ?? ""
        server.servePost(at: "/api/v1/apps") { [self] request in
            let form = Self.form(request.body)
            guard let redirect = form["redirect_uris"], form["client_name"] == "Flick",
                  form["scopes"] == scopes else {
                return .init(status: 422, body: Data(#"{"error": "Validation failed: Redirect URI must be an absolute URI."}"#.utf8))
            }
            let id = locked { counter += 1; return "client-\(counter)" }
            locked { apps[id] = ("secret-\(id)", redirect) }
            return .json(#"{"id": "7", "name": "Flick", "website": null, "redirect_uri": "\#(redirect)", "client_id": "\#(id)", "client_secret": "secret-\#(id)", "vapid_key": "BCk"}"#)
        }
        server.serveAnswers(at: "/oauth/authorize") { [self] request in
            let query = request.query
            guard let client = query["client_id"], let redirect = query["redirect_uri"], let state = query["state"],
                  let challenge = query["code_challenge"], query["code_challenge_method"] == "S256",
                  query["response_type"] == "code", locked({ apps[client]?.redirect }) == redirect else {
                return .init(status: 400, body: Data("The redirect uri included is not valid.".utf8))
            }
            let code = locked { counter += 1; return "code-\(counter)" }
            locked { codes[code] = (client, redirect, challenge) }
            var target = URLComponents(string: redirect)!
            target.queryItems = [URLQueryItem(name: "code", value: code), URLQueryItem(name: "state", value: state)]
            return .init(status: 302, body: nil, headers: ["Location": target.url!.absoluteString])
        }
        server.servePost(at: "/oauth/token") { [self] request in
            let form = Self.form(request.body)
            guard form["grant_type"] == "authorization_code", let code = form["code"], let client = form["client_id"],
                  let issued = locked({ codes.removeValue(forKey: code) }), issued.client == client,
                  locked({ apps[client]?.secret }) == form["client_secret"], issued.redirect == form["redirect_uri"],
                  let verifier = form["code_verifier"], Self.challenge(verifier) == issued.challenge else {
                return .init(status: 400, body: Data(#"{"error": "invalid_grant", "error_description": "The provided authorization grant is invalid."}"#.utf8))
            }
            let token = locked { counter += 1; let token = "token-\(counter)"; live.insert(token); return token }
            return .json(#"{"access_token": "\#(token)", "token_type": "Bearer", "scope": "read write:favourites write:bookmarks", "created_at": 1733300000}"#)
        }
        server.servePost(at: "/oauth/revoke") { [self] request in
            let form = Self.form(request.body)
            if let token = form["token"] { locked { live.remove(token); revokedTokens.append(token) } }
            return .json("{}")
        }
        server.serveAnswers(at: "/api/v1/accounts/verify_credentials") { [self] request in
            guard authorized(request) else { return Self.unauthorized }
            return .json(MastodonBodies.account(user, display: "Ana Lima").replacingOccurrences(of: "\(user)@other.example", with: user))
        }
        for (path, count) in [("/api/v1/timelines/home", media.count), ("/api/v1/favourites", 2), ("/api/v1/bookmarks", 3)] {
            server.serveAnswers(at: path) { [self] request in
                guard authorized(request) else { return Self.unauthorized }
                let limit = min(40, max(1, Int(request.query["limit"] ?? "20") ?? 20))
                let start = request.query["max_id"].flatMap(Int.init).map { 1_000_000 - $0 + 1 } ?? 0
                let numbers = Array(start..<min(count, start + limit))
                let statuses = numbers.map { number in
                    MastodonBodies.status("\(1_000_000 - number)", content: "<p>Clip \(number + 1)</p>",
                                          media: [MastodonBodies.attachment("m\(number)", type: "video", url: media[number % media.count])])
                }
                var headers: [String: String] = [:]
                if let last = numbers.last, last + 1 < count {
                    headers["Link"] = "<\(base)\(path)?max_id=\(1_000_000 - last)&limit=\(limit)>; rel=\"next\""
                }
                return .init(status: 200, body: Data("[\(statuses.joined(separator: ","))]".utf8), headers: headers)
            }
        }
        // A server that shows its timelines to accounts only (Mastodon 4.5's
        // `local_live_feed_access = authenticated`), found by its instance answer.
        server.serveAnswers(at: "/api/v2/instance") { _ in .init(status: 200, body: MastodonBodies.instance) }
        server.serveAnswers(at: "/api/v1/timelines/public") { [self] request in
            guard authorized(request) else {
                return .init(status: 401, body: Data(#"{"error": "This API requires an authenticated user"}"#.utf8))
            }
            let statuses = media.prefix(3).enumerated().map { number, url in
                MastodonBodies.status("\(900 - number)", content: "<p>Local \(number + 1)</p>",
                                      media: [MastodonBodies.attachment("l\(number)", type: "video", url: url)])
            }
            return .init(status: 200, body: Data("[\(statuses.joined(separator: ","))]".utf8))
        }
        server.serveAnswers(at: "/api/v1/followed_tags") { [self] request in
            guard authorized(request) else { return Self.unauthorized }
            return .json(#"[{"name": "cats", "url": "https://mastodon.example/tags/cats", "history": [], "following": true}]"#)
        }
        server.servePosts(under: "/api/v1/statuses/") { [self] request in
            guard authorized(request) else { return Self.unauthorized }
            let parts = request.path.split(separator: "/").map(String.init)
            guard parts.count == 5, ["favourite", "unfavourite"].contains(parts[4]) else { return .init(status: 404, body: nil) }
            let id = parts[3]
            if locked({ refuseFavourites }) { return .init(status: 500, body: nil) }
            let liked = parts[4] == "favourite"
            locked { if liked { favourites[id, default: 0] += 1 } else { unfavourites[id, default: 0] += 1 } }
            var status = MastodonBodies.status(id, content: "<p>x</p>", media: [])
            status.removeLast()
            status += #", "favourited": \#(liked)}"#
            return .json(status)
        }
    }

    private func authorized(_ request: MediaServer.PostRequest) -> Bool {
        guard let header = request.headers["Authorization"], header.hasPrefix("Bearer ") else { return false }
        let token = String(header.dropFirst("Bearer ".count))
        return locked { live.contains(token) }
    }

    static let unauthorized = MediaServer.PostResponse(status: 401, body: Data(#"{"error": "The access token is invalid"}"#.utf8))

    /// A form body's fields.
    static func form(_ body: Data) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "" }
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }

    /// base64url(SHA-256(verifier)), as a server checks PKCE.
    static func challenge(_ verifier: String) -> String {
        let checksum = g_checksum_new(G_CHECKSUM_SHA256)
        defer { g_checksum_free(checksum) }
        let bytes = Array(verifier.utf8)
        g_checksum_update(checksum, bytes, gssize(bytes.count))
        var digest = [UInt8](repeating: 0, count: 32)
        var length = gsize(32)
        g_checksum_get_digest(checksum, &digest, &length)
        return Data(digest).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}

extension MediaServer.PostResponse {
    static func json(_ text: String) -> Self { .init(status: 200, body: Data(text.utf8)) }
}
