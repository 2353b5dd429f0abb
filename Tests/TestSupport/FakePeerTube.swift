import FeedDemo
import Foundation

/// A PeerTube instance's account API on loopback, for the sign-in tests:
/// the instance's OAuth client, the password grant (with a two-factor
/// code when `otp` is set) and the refresh grant, revoke, `users/me`,
/// the subscriptions' videos with their details, and rate/rating, in the
/// shapes PeerTube's REST reference gives. Handlers run on the server's
/// thread; every count is read under the lock.
public final class FakePeerTube: @unchecked Sendable {
    private let lock = NSLock()
    private var access = Set<String>()
    private var refreshes = Set<String>()
    private var counter = 0
    private var refreshed = 0
    private var revokedTokens: [String] = []
    private var ratings: [String: String] = [:]
    private var rateRequests = 0

    public let user: String
    public let password: String
    /// The code a two-factor account asks for; nil: none.
    public let otp: String?
    /// The subscriptions' videos: uuid and media address.
    public let videos: [(uuid: String, media: String)]

    public init(user: String = "bo", password: String, otp: String? = nil, media: [String]) {
        self.user = user
        self.password = password
        self.otp = otp
        videos = media.enumerated().map { (String(format: "%08x-0000-4000-8000-%012d", $0.offset, $0.offset), $0.element) }
    }

    private func locked<T>(_ work: () -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        return work()
    }

    public var liveAccessTokens: Set<String> { locked { access } }
    public var refreshCount: Int { locked { refreshed } }
    public var revoked: [String] { locked { revokedTokens } }
    public var rateRequestCount: Int { locked { rateRequests } }
    public func rating(_ uuid: String) -> String { locked { ratings[uuid] ?? "none" } }
    /// Every access token expires (refresh tokens still work).
    public func expireAccessTokens() { locked { access.removeAll() } }

    public func install(on server: MediaServer) {
        server.serveAnswers(at: "/api/v1/oauth-clients/local") { _ in
            .init(status: 200, body: Data(#"{"client_id": "pt-client", "client_secret": "pt-secret"}"#.utf8))
        }
        server.servePost(at: "/api/v1/users/token") { [self] request in
            let form = FakeMastodon.form(request.body)
            guard form["client_id"] == "pt-client", form["client_secret"] == "pt-secret" else {
                return .init(status: 400, body: Data(#"{"code": "invalid_client", "error": "Invalid client"}"#.utf8))
            }
            switch form["grant_type"] {
            case "password":
                guard form["username"] == user, form["password"] == password else {
                    return .init(status: 400, body: Data(#"{"code": "invalid_grant", "error": "Invalid grant: user credentials are invalid"}"#.utf8))
                }
                if let otp {
                    guard let given = request.headers["x-peertube-otp"] else {
                        return .init(status: 401, body: Data(#"{"code": "missing_two_factor", "error": "Missing two factor header"}"#.utf8),
                                     headers: ["x-peertube-otp": "required; app"])
                    }
                    guard given == otp else {
                        return .init(status: 403, body: Data(#"{"code": "invalid_two_factor", "error": "Invalid two factor header"}"#.utf8))
                    }
                }
            case "refresh_token":
                guard let token = form["refresh_token"], locked({ refreshes.contains(token) }) else {
                    return .init(status: 400, body: Data(#"{"code": "invalid_grant", "error": "Invalid refresh token"}"#.utf8))
                }
                locked { refreshes.remove(token); refreshed += 1 }
            default:
                return .init(status: 400, body: Data(#"{"code": "unsupported_grant_type"}"#.utf8))
            }
            let (token, refresh) = locked { () -> (String, String) in
                counter += 1
                access.insert("pt-access-\(counter)")
                refreshes.insert("pt-refresh-\(counter)")
                return ("pt-access-\(counter)", "pt-refresh-\(counter)")
            }
            return .init(status: 200, body: Data(#"{"token_type": "Bearer", "access_token": "\#(token)", "refresh_token": "\#(refresh)", "expires_in": 86399, "refresh_token_expires_in": 1209599}"#.utf8))
        }
        server.servePost(at: "/api/v1/users/revoke-token") { [self] request in
            guard let token = bearer(request) else { return Self.unauthorized }
            locked { access.remove(token); revokedTokens.append(token) }
            return .init(status: 200, body: nil)
        }
        server.serveAnswers(at: "/api/v1/users/me") { [self] request in
            guard authorized(request) else { return Self.unauthorized }
            return .init(status: 200, body: Data(#"{"id": 1, "username": "\#(user)", "email": "bo@example.org", "role": {"id": 2, "label": "User"}, "account": {"id": 9, "name": "\#(user)", "displayName": "Bo Berg", "host": "peertube.example"}}"#.utf8))
        }
        server.serveAnswers(at: "/api/v1/users/me/subscriptions/videos") { [self] request in
            guard authorized(request) else { return Self.unauthorized }
            let start = Int(request.query["start"] ?? "0") ?? 0
            let count = Int(request.query["count"] ?? "25") ?? 25
            let listed = videos.enumerated().map { PeerTubeBodies.video($1.uuid, name: "Followed \($0 + 1)") }
            let page = start < listed.count ? Array(listed[start..<min(listed.count, start + count)]) : []
            return .init(status: 200, body: PeerTubeBodies.list(page, total: listed.count))
        }
        // Watch later (playlist 5): the second and third videos, one element deleted since.
        server.serveAnswers(at: "/api/v1/accounts/\(user)/video-playlists") { [self] request in
            guard authorized(request), request.query["playlistType"] == "2" else { return .init(status: 200, body: Data(#"{"total": 0, "data": []}"#.utf8)) }
            return .init(status: 200, body: Data(#"{"total": 1, "data": [{"id": 5, "uuid": "0f0f0f0f-0000-4000-8000-000000000005", "displayName": "Watch later", "type": {"id": 2, "label": "Watch later"}, "privacy": {"id": 3, "label": "Private"}, "videosLength": 3}]}"#.utf8))
        }
        server.serveAnswers(at: "/api/v1/video-playlists/5/videos") { [self] request in
            guard authorized(request) else { return Self.unauthorized }
            let elements = videos.dropFirst().prefix(2).enumerated().map { index, video -> String in
                let listed = PeerTubeBodies.video(video.uuid, name: "Later \(index + 1)")
                return #"{"id": \#(index + 70), "position": \#(index + 1), "startTimestamp": null, "stopTimestamp": null, "video": \#(listed)}"#
            } + [#"{"id": 99, "position": 3, "video": null}"#]
            return .init(status: 200, body: Data(#"{"total": 3, "data": [\#(elements.joined(separator: ","))]}"#.utf8))
        }
        for (index, video) in videos.enumerated() {
            let details = PeerTubeBodies.details(video.uuid, name: "Followed \(index + 1)",
                                                 files: [PeerTubeBodies.file(video.media, resolution: 320, height: 320)])
            server.serveAnswers(at: "/api/v1/videos/\(video.uuid)") { _ in .init(status: 200, body: details) }
            server.serveAnswers(at: "/api/v1/videos/\(video.uuid)/captions") { _ in .init(status: 200, body: Data(#"{"total": 0, "data": []}"#.utf8)) }
            server.serveAnswers(at: "/api/v1/users/me/videos/\(video.uuid)/rating") { [self] request in
                guard authorized(request) else { return Self.unauthorized }
                return .init(status: 200, body: Data(#"{"videoId": \#(index + 1), "rating": "\#(rating(video.uuid))"}"#.utf8))
            }
        }
        server.servePosts(under: "/api/v1/videos/") { [self] request in
            guard authorized(request) else { return Self.unauthorized }
            let parts = request.path.split(separator: "/").map(String.init)
            guard request.method == "PUT", parts.count == 5, parts[4] == "rate",
                  let rating = FakeMastodon.form(request.body)["rating"], ["like", "dislike", "none"].contains(rating) else {
                return .init(status: 400, body: nil)
            }
            locked { ratings[parts[3]] = rating; rateRequests += 1 }
            return .init(status: 204, body: nil)
        }
    }

    private func bearer(_ request: MediaServer.PostRequest) -> String? {
        guard let header = request.headers["Authorization"], header.hasPrefix("Bearer ") else { return nil }
        return String(header.dropFirst("Bearer ".count))
    }

    private func authorized(_ request: MediaServer.PostRequest) -> Bool {
        guard let token = bearer(request) else { return false }
        return locked { access.contains(token) }
    }

    static let unauthorized = MediaServer.PostResponse(status: 401, body: Data(#"{"code": "invalid_token", "error": "Invalid token"}"#.utf8))
}
