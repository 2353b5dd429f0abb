import CGLib
import FeedDemo
import Foundation

/// A Loops server on loopback, in the shapes its routes and resources
/// give: popular videos (`/api/web/feed`), an account looked up by name
/// and its videos paged by cursor, a tag feed (a visitor's: one page
/// without files; an untrending tag: 404), a video's details, and for a
/// signed-in user For You, like and unlike; the sign-in is Passport's
/// (`POST /api/v1/apps` with `redirect_uris[]`, authorize, the code
/// exchanged with PKCE, `account/info/self`). Handlers run on the
/// server's thread; every count is read under the lock.
public final class FakeLoops: @unchecked Sendable {
    private let lock = NSLock()
    private var apps: [String: (secret: String, redirect: String)] = [:]
    private var codes: [String: (client: String, redirect: String, challenge: String)] = [:]
    private var live = Set<String>()
    private var liked = Set<String>()
    private var likeCalls: [String: Int] = [:]
    private var unlikeCalls: [String: Int] = [:]
    private var counter = 0

    /// Who signs in, and whose videos `/@USER` shows.
    public let user = "dana"
    public let accountID = "411"
    /// The media addresses, one video each.
    public let media: [String]

    public init(media: [String]) {
        self.media = media
    }

    private func locked<T>(_ work: () -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        return work()
    }

    public var liveTokens: Set<String> { locked { live } }
    public func likes(_ id: String) -> Int { locked { likeCalls[id] ?? 0 } }
    public func unlikes(_ id: String) -> Int { locked { unlikeCalls[id] ?? 0 } }

    /// The id of video `index`.
    public static func id(_ index: Int) -> String { "\(7_000 + index)" }

    /// Adds the routes to `server`; `observe` sees every GET first.
    public func install(on server: MediaServer, observe: @escaping @Sendable (MediaServer.PostRequest) -> Void = { _ in }) {
        let answer: (String, @escaping MediaServer.PostHandler) -> Void = { path, handler in
            server.serveAnswers(at: path) { request in
                observe(request)
                return handler(request)
            }
        }
        let videos = media.enumerated().map { index, url in (Self.id(index), url) }
        answer("/api/v1/config") { _ in
            .init(status: 200, body: Data(#"{"app": {"name": "Loops Example", "url": "https://loops.example", "software": "loops", "version": "1.0.0-beta.9"}, "fedi": {"federation": true}, "hasKlipy": false, "account": {"max_bio_length": 500}}"#.utf8))
        }
        answer("/api/web/feed") { _ in
            .init(status: 200, body: LoopsBodies.page(videos.prefix(3).map { LoopsBodies.video($0.0, src: $0.1) }, next: nil))
        }
        answer("/api/v1/account/username/\(user)") { [self] _ in
            .init(status: 200, body: LoopsBodies.profile(id: accountID, username: user, name: "Dana"))
        }
        answer("/api/v1/account/username/echo") { _ in
            .init(status: 200, body: LoopsBodies.profile(id: "412", username: "echo", name: "Echo"))
        }
        answer("/api/v1/account/username/nobody") { _ in
            .init(status: 404, body: Data(#"{"message": "No query results for model [App\\Models\\Profile]."}"#.utf8))
        }
        // Dana's six videos, two a page: the first page, then cursors c2 and c3.
        answer("/api/v1/feed/account/\(accountID)") { request in
            let (slice, next): (ArraySlice<(String, String)>, String?) = switch request.query["cursor"] {
            case nil: (videos.prefix(2), "c2")
            case "c2": (videos.dropFirst(2).prefix(2), "c3")
            case "c3": (videos.dropFirst(4).prefix(2), nil)
            default: (videos.prefix(0), nil)
            }
            return .init(status: 200, body: LoopsBodies.page(slice.map { LoopsBodies.video($0.0, src: $0.1, caption: "<b>Loop</b> &amp; more") },
                                                             next: next))
        }
        // Echo's feed gives the same cursor again and again.
        answer("/api/v1/feed/account/412") { request in
            let index = request.query["cursor"] == nil ? 0 : 1
            return .init(status: 200, body: LoopsBodies.page([LoopsBodies.video(Self.id(100 + index), src: videos[index].1)], next: "again"))
        }
        // A visitor's tag feed: one page, no files, a cursor refused.
        answer("/api/v1/explore/tag-feed/cats") { request in
            guard request.query["cursor"] == nil else { return .init(status: 404, body: Data(#"{"message": "Not Found"}"#.utf8)) }
            return .init(status: 200, body: LoopsBodies.unpaged(videos.prefix(3).map { LoopsBodies.video($0.0, src: nil) }))
        }
        answer("/api/v1/explore/tag-feed/dogs") { _ in
            .init(status: 404, body: Data(#"{"message": "Not Found"}"#.utf8))
        }
        for (id, url) in videos {
            answer("/api/v1/video/\(id)") { [self] _ in
                .init(status: 200, body: Data(#"{"data": \#(LoopsBodies.video(id, src: url, liked: isLiked(id)))}"#.utf8))
            }
        }
        answer("/api/v1/feed/for-you") { [self] request in
            guard authorized(request) else { return Self.unauthenticated }
            let page = Int(request.query["cursor"] ?? "0") ?? 0
            let slice = videos.dropFirst(page * 3).prefix(3)
            let next = page * 3 + 3 < videos.count ? "\(page + 1)" : nil
            return .init(status: 200, body: LoopsBodies.page(slice.map { LoopsBodies.video($0.0, src: $0.1, liked: isLiked($0.0)) }, next: next))
        }
        server.servePosts(under: "/api/v1/video/") { [self] request in
            guard authorized(request) else { return Self.unauthenticated }
            let parts = request.path.split(separator: "/").map(String.init)
            guard request.method == "POST", parts.count == 5, ["like", "unlike"].contains(parts[3]),
                  let url = videos.first(where: { $0.0 == parts[4] })?.1 else {
                return .init(status: 404, body: Data(#"{"error": {"message": "Video not found or is unavailable"}}"#.utf8))
            }
            let id = parts[4]
            let nowLiked = parts[3] == "like"
            locked {
                if nowLiked { liked.insert(id); likeCalls[id, default: 0] += 1 } else { liked.remove(id); unlikeCalls[id, default: 0] += 1 }
            }
            return .init(status: 200, body: Data(LoopsBodies.video(id, src: url, liked: nowLiked, likes: nowLiked ? 13 : 12).utf8))
        }
        installSignIn(on: server)
    }

    private func isLiked(_ id: String) -> Bool { locked { liked.contains(id) } }

    private func installSignIn(on server: MediaServer) {
        server.servePost(at: "/api/v1/apps") { [self] request in
            let form = FakeMastodon.form(request.body)
            // Laravel's validation: redirect_uris must be a list.
            guard let redirect = form["redirect_uris[]"], form["client_name"] == "Flick" else {
                return .init(status: 422, body: Data(#"{"message": "The redirect uris field must be an array.", "errors": {"redirect_uris": ["The redirect uris field must be an array."]}}"#.utf8))
            }
            let id = locked { counter += 1; return "\(counter)" }
            locked { apps[id] = ("loops-secret-\(id)", redirect) }
            return .json(#"{"client_id": "\#(id)", "client_name": "Flick", "client_secret": "loops-secret-\#(id)", "redirect_uris": ["\#(redirect)"], "vapid_key": null}"#)
        }
        server.serveAnswers(at: "/oauth/authorize") { [self] request in
            let query = request.query
            guard let client = query["client_id"], let redirect = query["redirect_uri"], let state = query["state"],
                  let challenge = query["code_challenge"], query["code_challenge_method"] == "S256",
                  query["response_type"] == "code", locked({ apps[client]?.redirect }) == redirect else {
                return .init(status: 400, body: Data(#"{"error": "invalid_client"}"#.utf8))
            }
            let code = locked { counter += 1; return "loops-code-\(counter)" }
            locked { codes[code] = (client, redirect, challenge) }
            var target = URLComponents(string: redirect)!
            target.queryItems = [URLQueryItem(name: "code", value: code), URLQueryItem(name: "state", value: state)]
            return .init(status: 302, body: nil, headers: ["Location": target.url!.absoluteString])
        }
        server.servePost(at: "/oauth/token") { [self] request in
            let form = FakeMastodon.form(request.body)
            guard form["grant_type"] == "authorization_code", let code = form["code"], let client = form["client_id"],
                  let issued = locked({ codes.removeValue(forKey: code) }), issued.client == client,
                  locked({ apps[client]?.secret }) == form["client_secret"], issued.redirect == form["redirect_uri"],
                  let verifier = form["code_verifier"], FakeMastodon.challenge(verifier) == issued.challenge else {
                return .init(status: 400, body: Data(#"{"error": "invalid_grant", "error_description": "The provided authorization grant is invalid."}"#.utf8))
            }
            let token = locked { counter += 1; live.insert("loops-token-\(counter)"); return "loops-token-\(counter)" }
            return .json(#"{"token_type": "Bearer", "expires_in": 31536000, "access_token": "\#(token)", "refresh_token": "loops-refresh"}"#)
        }
        server.serveAnswers(at: "/api/v1/account/info/self") { [self] request in
            guard authorized(request) else { return Self.unauthenticated }
            return .init(status: 200, body: LoopsBodies.profile(id: accountID, username: user, name: "Dana"))
        }
    }

    private func authorized(_ request: MediaServer.PostRequest) -> Bool {
        guard let header = request.headers["Authorization"], header.hasPrefix("Bearer ") else { return false }
        let token = String(header.dropFirst("Bearer ".count))
        return locked { live.contains(token) }
    }

    static let unauthenticated = MediaServer.PostResponse(status: 401, body: Data(#"{"message": "Unauthenticated."}"#.utf8))
}
