import FeedCore
import FeedGObject
import Foundation

/// Which Lemmy listing an address shows, its requests, and what its
/// failures mean to a user. Pure; any thread.
enum LemmyFeed {
    /// Posts asked for per page.
    static let pageSize = 20
    /// Pages in a row with no video or picture after which a community is
    /// taken to have none (a community of text posts is not paged for ever).
    static let emptyPagesLimit = 10

    /// The first page: a community's active posts, or the instance's front page.
    static func url(_ address: ServiceAddress) -> URL? {
        guard address.service == .lemmy, var components = URLComponents(string: address.baseURL) else { return nil }
        components.path = "/api/v3/post/list"
        var query = [URLQueryItem(name: "type_", value: "All"), URLQueryItem(name: "sort", value: "Active"),
                     URLQueryItem(name: "limit", value: "\(pageSize)")]
        switch address.scope {
        case .instance: break
        case .community(let name): query.insert(URLQueryItem(name: "community_name", value: name), at: 0)
        default: return nil
        }
        components.queryItems = query
        return components.url
    }

    /// What the user reads for it: "!videos on HOST".
    static func describe(_ address: ServiceAddress) -> String {
        switch address.scope {
        // Translators: a Lemmy community's name (after !), then the server.
        case .community(let name): return tr("!%1$s on %2$s").filled(name, address.host)
        default: return tr("the front page of %1$s").filled(address.host)
        }
    }

    /// The one line for a failure a Lemmy server's answers explain; nil for the loader's own.
    static func explain(_ error: FeedLoadError, address: ServiceAddress) -> String? {
        switch error {
        case .httpStatus(404, _), .httpStatus(400, _):
            if case .community(let name) = address.scope {
                return tr("%1$s has no community !%2$s.").filled(address.host, name)
            }
            return tr("%1$s has no post list (HTTP 404): is it a Lemmy server?").filled(address.host)
        case .notJSON, .schema:
            return tr("%1$s did not answer as a Lemmy server: %2$s").filled(address.host, error.description)
        default:
            return nil
        }
    }

    /// The line for a listing whose newest pages held nothing to show.
    static func nothingFound(_ address: ServiceAddress) -> String {
        tr("No videos or pictures among the newest posts of %1$s.").filled(describe(address))
    }
}
