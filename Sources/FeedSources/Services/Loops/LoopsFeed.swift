import FeedCore
import FeedGObject
import Foundation

/// Which Loops feed an address shows, its requests, and what its
/// failures mean to a user. Pure; any thread.
enum LoopsFeed {
    /// Videos asked for per page (the tag feed's largest).
    static let pageSize = 20

    /// The first page of `address`'s feed; an account's needs its id
    /// (`accountID`), found first from its name.
    static func url(_ address: ServiceAddress, accountID: String? = nil) -> URL? {
        guard address.service == .loops, var components = URLComponents(string: address.baseURL) else { return nil }
        switch address.scope {
        case .instance:
            components.path = "/api/web/feed"
        case .account:
            guard let accountID, LoopsDocument.isID(accountID) else { return nil }
            components.path = "/api/v1/feed/account/\(accountID)"
        case .tag(let name):
            components.percentEncodedPath = "/api/v1/explore/tag-feed/" + ServiceAddress.pathSegment(name)
            components.queryItems = [URLQueryItem(name: "limit", value: "\(pageSize)")]
        case .forYou:
            components.path = "/api/v1/feed/for-you"
        case .following:
            components.path = "/api/v1/feed/following"
        default:
            return nil
        }
        return components.url
    }

    /// `GET /api/v1/account/username/NAME`: who an account name is.
    static func accountURL(_ address: ServiceAddress) -> URL? {
        guard case .account(let name) = address.scope, var components = URLComponents(string: address.baseURL) else { return nil }
        components.percentEncodedPath = "/api/v1/account/username/" + ServiceAddress.pathSegment(name)
        return components.url
    }

    /// What the user reads for it: "@dana on HOST".
    static func describe(_ address: ServiceAddress) -> String {
        switch address.scope {
        case .account(let name): return tr("@%1$s on %2$s").filled(name, address.host)
        case .tag(let name): return tr("#%1$s on %2$s").filled(name, address.host)
        case .forYou: return tr("For You on %1$s").filled(address.host)
        case .following: return tr("Following on %1$s").filled(address.host)
        default: return tr("popular videos on %1$s").filled(address.host)
        }
    }

    /// The one line for a failure a Loops server's answers explain; nil for the loader's own.
    static func explain(_ error: FeedLoadError, address: ServiceAddress) -> String? {
        switch (error, address.scope) {
        case (.httpStatus(404, _), .tag(let name)):
            return tr("No videos for #%1$s on %2$s.").filled(name, address.host)
        case (.httpStatus(404, _), .account(let name)):
            return tr("%1$s has no account @%2$s.").filled(address.host, name)
        case (.httpStatus(401, _), _), (.httpStatus(403, _), _):
            return tr("%1$s shows this feed only to its signed-in users.").filled(address.host)
        case (.notJSON, _), (.schema, _):
            return tr("%1$s did not answer as a Loops server: %2$s").filled(address.host, error.description)
        default:
            return nil
        }
    }
}
