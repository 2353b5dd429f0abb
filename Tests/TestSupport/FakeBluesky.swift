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

    public init(authors: [String: [String]], feeds: [String: [String]] = [:], privateFeeds: Set<String> = [],
                pageSize: Int = 6, blobs: [String: String] = [:], pdsOf: [String: String] = [:]) {
        self.authors = authors
        self.feeds = feeds
        self.privateFeeds = privateFeeds
        self.pageSize = pageSize
        self.blobs = blobs
        self.pdsOf = pdsOf
    }

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
