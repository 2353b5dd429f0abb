import FeedCore
import FeedGObject
import Foundation

/// The AppView requests a Bluesky feed makes, what the user reads for it,
/// and what its failures mean to them. Pure; any thread.
enum BlueskyRequests {
    /// The AppView's base URL from its setting: https, or plain http on a
    /// loopback host (a local test server); nil for anything else.
    static func appView(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host,
              url.user == nil, url.query == nil, url.fragment == nil else { return nil }
        let bareHost = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        guard scheme == "https" || (scheme == "http" && ServiceAddress.isLoopback(bareHost)) else { return nil }
        return url
    }

    /// `…/xrpc/app.bsky.feed.getAuthorFeed?actor=…&filter=posts_with_media&limit=30`.
    static func authorFeed(appView: URL, actor: String) -> URL? {
        query(appView, "app.bsky.feed.getAuthorFeed",
              [("actor", actor), ("filter", "posts_with_media"), ("limit", "\(BlueskyDocument.pageSize)")])
    }

    /// `…/xrpc/app.bsky.feed.getFeed?feed=at://DID/app.bsky.feed.generator/RKEY&limit=30`.
    static func customFeed(appView: URL, did: String, rkey: String) -> URL? {
        query(appView, "app.bsky.feed.getFeed",
              [("feed", BlueskyAddress.feedURI(did: did, rkey: rkey)), ("limit", "\(BlueskyDocument.pageSize)")])
    }

    /// The signed-in user's following timeline, from their PDS:
    /// `PDS/xrpc/app.bsky.feed.getTimeline?limit=30`.
    static func timeline(pds: URL) -> URL? {
        query(pds, "app.bsky.feed.getTimeline", [("limit", "\(BlueskyDocument.pageSize)")])
    }

    /// `…/xrpc/com.atproto.identity.resolveHandle?handle=…`.
    static func resolveHandle(appView: URL, handle: String) -> URL? {
        query(appView, "com.atproto.identity.resolveHandle", [("handle", handle)])
    }

    private static func query(_ base: URL, _ method: String, _ parameters: [(String, String)]) -> URL? {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        let path = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = "\(path)/xrpc/\(method)"
        // `+` and `:` stay as they are in URLQueryItem; a `+` would read as a space.
        components.percentEncodedQuery = parameters.map { name, value in
            var allowed = CharacterSet.urlQueryAllowed
            allowed.remove(charactersIn: "&=+#")
            return "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
        }.joined(separator: "&")
        return components.url
    }

    /// What the user reads for it: "@alice.bsky.social on Bluesky".
    static func describe(_ address: BlueskyAddress) -> String {
        switch address.scope {
        case .author(let actor), .post(let actor, _):
            return tr("@%1$s on Bluesky").filled(actor)
        case .feed(let actor, let rkey):
            // Translators: a custom feed's short name, then the account that made it.
            return tr("the feed %1$s by @%2$s on Bluesky").filled(rkey, actor)
        case .home:
            return tr("your Bluesky timeline")
        }
    }

    /// The one line for a failure Bluesky's answers explain; nil for the loader's own.
    static func explain(_ error: FeedLoadError, address: BlueskyAddress) -> String? {
        switch error {
        case .httpStatus(401, _), .httpStatus(403, _):
            return tr("Sign in to Bluesky to see this feed.")
        case .httpStatus(400, _), .httpStatus(404, _):
            switch address.scope {
            case .feed: return tr("Bluesky does not know this feed: %1$s").filled(address.text)
            default: return tr("Bluesky does not know this account: %1$s").filled(address.actor ?? address.text)
            }
        case .notJSON, .schema:
            return tr("The Bluesky server did not answer as Bluesky does: %1$s").filled(error.description)
        default:
            return nil
        }
    }
}
