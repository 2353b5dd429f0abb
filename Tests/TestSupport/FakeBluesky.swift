import FeedDemo
import Foundation

/// A Bluesky AppView on loopback: `getAuthorFeed` (by handle or DID, with
/// its `filter`), `getFeed` (a custom feed by AT URI) and `resolveHandle`,
/// answering in the lexicons' shapes and paging by `cursor`; an unknown
/// actor or feed is a 400 with the XRPC error body, a feed marked private
/// a 401 `AuthRequired`. The same server is the PLC directory (each
/// account's DID document at `/DID`, naming this server as its PDS unless
/// `pdsOf` says another) and the PDS (`com.atproto.sync.getBlob` of the
/// caption files in `blobs`). Handlers run on the server's thread; what
/// was asked is read under the lock.
public final class FakeBluesky: @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [(path: String, query: [String: String], headers: [String: String])] = []
    /// Sessions' tokens: access token → handle, refresh token → handle.
    private var accessTokens: [String: String] = [:]
    private var refreshTokens: [String: String] = [:]
    private var issued = 0
    /// Like records in the users' repositories: record URI → the post it likes.
    private var likeRecords: [String: String] = [:]
    private var deletedLikes: [String] = []

    /// Each account's posts (`BlueskyBodies.entry`s), newest first, by handle.
    public let authors: [String: [String]]
    /// Each custom feed's posts, by AT URI.
    public let feeds: [String: [String]]
    /// Feeds that answer 401 AuthRequired.
    public let privateFeeds: Set<String>
    /// Posts a page holds.
    public let pageSize: Int
    /// Blobs the PDS serves, by CID: WebVTT texts.
    public let blobs: [String: String]
    /// The PDS an account's DID document names instead of this server, by handle.
    public let pdsOf: [String: String]
    /// App passwords that sign in, by handle.
    public let appPasswords: [String: String]
    /// Whether `createSession` answers without its `didDoc`.
    public let omitsDocument: Bool
    /// The signed-in user's following timeline (`getTimeline`, with a token).
    public let timeline: [String]

    public init(authors: [String: [String]], feeds: [String: [String]] = [:], privateFeeds: Set<String> = [],
                pageSize: Int = 6, blobs: [String: String] = [:], pdsOf: [String: String] = [:],
                appPasswords: [String: String] = [:], omitsDocument: Bool = false, timeline: [String] = []) {
        self.timeline = timeline
        self.appPasswords = appPasswords
        self.omitsDocument = omitsDocument
        self.authors = authors
        self.feeds = feeds
        self.privateFeeds = privateFeeds
        self.pageSize = pageSize
        self.blobs = blobs
        self.pdsOf = pdsOf
    }

    /// Access tokens that work now.
    public var liveAccessTokens: Set<String> { lock.withLock { Set(accessTokens.keys) } }
    /// Refresh tokens that work now.
    public var liveRefreshTokens: Set<String> { lock.withLock { Set(refreshTokens.keys) } }
    /// Like records that exist now, by URI: the post each likes.
    public var likes: [String: String] { lock.withLock { likeRecords } }
    /// Like records deleted, by URI, in order.
    public var deleted: [String] { lock.withLock { deletedLikes } }

    /// Every access token expires now (the refresh tokens still work).
    public func expireAccessTokens() { lock.withLock { accessTokens.removeAll() } }

    /// The requests so far: path, query and headers.
    public var requests: [(path: String, query: [String: String], headers: [String: String])] { lock.withLock { asked } }

    /// Adds the routes to `server`.
    public func install(on server: MediaServer) {
        let base = server.baseURL?.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")) ?? ""
        for handle in authors.keys {
            let did = BlueskyBodies.did(handle)
            let pds = pdsOf[handle] ?? base
            let document = ##"{"@context": ["https://www.w3.org/ns/did/v1"], "id": "\##(did)", "alsoKnownAs": ["at://\##(handle)"], "verificationMethod": [], "service": [{"id": "#atproto_pds", "type": "AtprotoPersonalDataServer", "serviceEndpoint": "\##(pds)"}]}"##
            server.serveAnswers(at: "/\(did)") { [self] request in
                note(request)
                return .init(status: 200, body: Data(document.utf8))
            }
        }
        server.servePost(at: "/xrpc/com.atproto.server.createSession") { [self] request in
            note(request)
            guard let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: String],
                  let identifier = body["identifier"], let password = body["password"] else {
                return Self.error(400, "InvalidRequest", "Input must have the property \"identifier\"")
            }
            let handle = identifier.hasPrefix("did:") ? authors.keys.first { BlueskyBodies.did($0) == identifier } : identifier
            guard let handle, let expected = appPasswords[handle], expected == password else {
                return Self.error(401, "AuthenticationRequired", "Invalid identifier or password")
            }
            return session(for: handle, base: base)
        }
        server.servePost(at: "/xrpc/com.atproto.server.refreshSession") { [self] request in
            note(request)
            guard let handle = takeRefreshToken(of: request) else { return Self.error(400, "ExpiredToken", "Token has expired") }
            return session(for: handle, base: base)
        }
        server.servePost(at: "/xrpc/com.atproto.server.deleteSession") { [self] request in
            note(request)
            guard let handle = takeRefreshToken(of: request) else { return Self.error(401, "InvalidToken", "Token could not be verified") }
            lock.withLock { accessTokens = accessTokens.filter { $0.value != handle } }
            return .init(status: 200, body: nil)
        }
        server.servePost(at: "/xrpc/com.atproto.repo.createRecord") { [self] request in
            note(request)
            guard let handle = holder(of: request) else { return Self.error(400, "ExpiredToken", "Token has expired") }
            let did = BlueskyBodies.did(handle)
            guard let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any],
                  body["repo"] as? String == did, body["collection"] as? String == "app.bsky.feed.like",
                  let record = body["record"] as? [String: Any], record["$type"] as? String == "app.bsky.feed.like",
                  record["createdAt"] is String, let subject = record["subject"] as? [String: String],
                  let uri = subject["uri"], subject["cid"] != nil else {
                return Self.error(400, "InvalidRequest", "Invalid like record")
            }
            let made = lock.withLock { () -> String in
                issued += 1
                let recordURI = "at://\(did)/app.bsky.feed.like/3klike\(issued)"
                likeRecords[recordURI] = uri
                return recordURI
            }
            return .init(status: 200, body: Data(#"{"uri": "\#(made)", "cid": "bafyreilike", "commit": {"cid": "bafyreic", "rev": "3k"}, "validationStatus": "valid"}"#.utf8))
        }
        server.servePost(at: "/xrpc/com.atproto.repo.deleteRecord") { [self] request in
            note(request)
            guard let handle = holder(of: request) else { return Self.error(400, "ExpiredToken", "Token has expired") }
            let did = BlueskyBodies.did(handle)
            guard let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: String],
                  body["repo"] == did, body["collection"] == "app.bsky.feed.like", let rkey = body["rkey"] else {
                return Self.error(400, "InvalidRequest", "Invalid delete")
            }
            let uri = "at://\(did)/app.bsky.feed.like/\(rkey)"
            lock.withLock {
                likeRecords[uri] = nil
                deletedLikes.append(uri)
            }
            return .init(status: 200, body: Data(#"{"commit": {"cid": "bafyreic", "rev": "3l"}}"#.utf8))
        }
        server.serveAnswers(at: "/xrpc/app.bsky.feed.getTimeline") { [self] request in
            note(request)
            let token = Self.bearer(request)
            guard !token.isEmpty else { return Self.error(401, "AuthenticationRequired", "Authentication Required") }
            guard holder(of: request) != nil else { return Self.error(400, "ExpiredToken", "Token has expired") }
            return page(of: timeline, cursor: request.query["cursor"])
        }
        server.serveAnswers(at: "/xrpc/com.atproto.sync.getBlob") { [self] request in
            note(request)
            guard let cid = request.query["cid"], let text = blobs[cid],
                  authors.keys.contains(where: { BlueskyBodies.did($0) == request.query["did"] }) else {
                return Self.error(400, "BlobNotFound", "Blob not found")
            }
            return .init(status: 200, body: Data(text.utf8), contentType: "text/vtt")
        }
        server.serveAnswers(at: "/xrpc/com.atproto.identity.resolveHandle") { [self] request in
            note(request)
            guard let handle = request.query["handle"], authors[handle] != nil else {
                return Self.error(400, "InvalidRequest", "Unable to resolve handle")
            }
            return .init(status: 200, body: Data(#"{"did": "\#(BlueskyBodies.did(handle))"}"#.utf8))
        }
        server.serveAnswers(at: "/xrpc/app.bsky.feed.getAuthorFeed") { [self] request in
            note(request)
            let actor = request.query["actor"] ?? ""
            guard let posts = authors[actor] ?? authors.first(where: { BlueskyBodies.did($0.key) == actor })?.value else {
                return Self.error(400, "InvalidRequest", "Profile not found")
            }
            return page(of: posts, cursor: request.query["cursor"])
        }
        server.serveAnswers(at: "/xrpc/app.bsky.feed.getFeed") { [self] request in
            note(request)
            let feed = request.query["feed"] ?? ""
            if privateFeeds.contains(feed) { return Self.error(401, "AuthRequired", "Authentication Required") }
            guard let posts = feeds[feed] else { return Self.error(400, "UnknownFeed", "Unknown feed") }
            return page(of: posts, cursor: request.query["cursor"])
        }
    }

    /// A new session of `handle`: fresh tokens, and its DID document.
    private func session(for handle: String, base: String) -> MediaServer.PostResponse {
        let (access, refresh) = lock.withLock { () -> (String, String) in
            issued += 1
            let pair = ("eyJhY2Nlc3Mi.\(issued).a", "eyJyZWZyZXNoIi.\(issued).r")
            accessTokens[pair.0] = handle
            refreshTokens[pair.1] = handle
            return pair
        }
        let did = BlueskyBodies.did(handle)
        let pds = pdsOf[handle] ?? base
        let document = omitsDocument ? "" : ##", "didDoc": {"id": "\##(did)", "alsoKnownAs": ["at://\##(handle)"], "service": [{"id": "#atproto_pds", "type": "AtprotoPersonalDataServer", "serviceEndpoint": "\##(pds)"}]}"##
        let body = #"{"accessJwt": "\#(access)", "refreshJwt": "\#(refresh)", "handle": "\#(handle)", "did": "\#(did)", "email": "\#(handle)@mail.example", "emailConfirmed": true, "active": true\#(document)}"#
        return .init(status: 200, body: Data(body.utf8))
    }

    /// Whose live access token `request` carries.
    private func holder(of request: MediaServer.PostRequest) -> String? {
        let token = Self.bearer(request)
        return lock.withLock { accessTokens[token] }
    }

    /// Whose refresh token `request` carries; it is used up.
    private func takeRefreshToken(of request: MediaServer.PostRequest) -> String? {
        let token = Self.bearer(request)
        return lock.withLock { refreshTokens.removeValue(forKey: token) }
    }

    private static func bearer(_ request: MediaServer.PostRequest) -> String {
        let value = request.headers["Authorization"] ?? request.headers["authorization"] ?? ""
        return value.hasPrefix("Bearer ") ? String(value.dropFirst(7)) : ""
    }

    private func note(_ request: MediaServer.PostRequest) {
        lock.withLock { asked.append((request.path, request.query, request.headers)) }
    }

    /// The page after `cursor` ("c1" is the second page, …); the last has no cursor.
    private func page(of posts: [String], cursor: String?) -> MediaServer.PostResponse {
        let number = cursor.flatMap { $0.hasPrefix("c") ? Int($0.dropFirst()) : nil } ?? 0
        let start = min(posts.count, number * pageSize)
        let end = min(posts.count, start + pageSize)
        let next = end < posts.count ? "c\(number + 1)" : nil
        return .init(status: 200, body: BlueskyBodies.page(Array(posts[start..<end]), cursor: next))
    }

    private static func error(_ status: Int, _ name: String, _ message: String) -> MediaServer.PostResponse {
        .init(status: status, body: Data(#"{"error": "\#(name)", "message": "\#(message)"}"#.utf8))
    }
}
