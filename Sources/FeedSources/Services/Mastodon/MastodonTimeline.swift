import FeedGObject
import FeedCore
import Foundation

/// Which Mastodon timeline a feed shows, its address, and what its
/// failures mean to a user. Pure; any thread.
enum MastodonTimeline {
    /// The first page of the timeline `address` names (media only, 40 a page).
    static func url(_ address: ServiceAddress) -> URL? {
        guard address.service == .mastodon, var components = URLComponents(string: address.baseURL) else { return nil }
        var query = [URLQueryItem(name: "only_media", value: "true"),
                     URLQueryItem(name: "limit", value: "\(MastodonDocument.pageSize)")]
        switch address.scope {
        case .tag(let name):
            components.percentEncodedPath = "/api/v1/timelines/tag/" + ServiceAddress.pathSegment(name)
        case .local:
            components.path = "/api/v1/timelines/public"
            query.insert(URLQueryItem(name: "local", value: "true"), at: 0)
        case .federated:
            components.path = "/api/v1/timelines/public"
        case .home:
            components.path = "/api/v1/timelines/home"
        case .favourites:
            // Not a timeline: no media filter on the server, the reader skips statuses without media.
            components.path = "/api/v1/favourites"
            query.removeFirst()
        case .bookmarks:
            components.path = "/api/v1/bookmarks"
            query.removeFirst()
        case .instance, .trending, .recent, .channel, .account, .subscriptions, .watchLater, .forYou, .following, .community:
            return nil
        }
        components.queryItems = query
        return components.url
    }

    /// What the user reads for it: "#cats on HOST".
    static func describe(_ address: ServiceAddress) -> String {
        switch address.scope {
        // Translators: a hashtag's name (after #), then the server.
        case .tag(let name): return tr("#%1$s on %2$s").filled(name, address.host)
        case .local: return tr("the local timeline of %1$s").filled(address.host)
        case .home: return tr("your home timeline on %1$s").filled(address.host)
        case .favourites: return tr("your favourites on %1$s").filled(address.host)
        case .bookmarks: return tr("your bookmarks on %1$s").filled(address.host)
        default: return tr("the public timeline of %1$s").filled(address.host)
        }
    }

    /// The one line for a failure an instance's policy explains; nil for the loader's own.
    static func explain(_ error: FeedLoadError, address: ServiceAddress) -> String? {
        switch error {
        case .httpStatus(401, _), .httpStatus(422, _), .httpStatus(403, _):
            return tr("%1$s does not show its timelines to visitors without an account.").filled(address.host)
        case .httpStatus(404, _):
            return tr("%1$s has no such timeline (HTTP 404): is it a Mastodon server?").filled(address.host)
        case .notJSON, .schema:
            return tr("%1$s did not answer as a Mastodon server: %2$s").filled(address.host, error.description)
        default:
            return nil
        }
    }
}
