import FeedCore
import FeedGObject
import Foundation

/// Which Pixelfed timeline an address shows, its requests, and what its
/// failures mean to a user. Pure; any thread.
///
/// Pixelfed speaks Mastodon's API with differences: its media's
/// `hls_manifest` comes only when the request asks for its extended
/// entities (`_pe=1`), an account's posts are read by its id (found with
/// `accounts/search`), and recent servers keep tag and account timelines
/// from visitors (403).
enum PixelfedFeed {
    /// Statuses asked for per page (Pixelfed's largest).
    static let pageSize = 40

    /// The first page of `address`'s timeline; an account's needs its id.
    static func url(_ address: ServiceAddress, accountID: String? = nil) -> URL? {
        guard address.service == .pixelfed, var components = URLComponents(string: address.baseURL) else { return nil }
        switch address.scope {
        case .tag(let name):
            components.percentEncodedPath = "/api/v1/timelines/tag/" + ServiceAddress.pathSegment(name)
        case .account:
            guard let accountID, !accountID.isEmpty, accountID.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            components.path = "/api/v1/accounts/\(accountID)/statuses"
        case .home:
            components.path = "/api/v1/timelines/home"
        default:
            return nil
        }
        components.queryItems = [URLQueryItem(name: "only_media", value: "true"),
                                 URLQueryItem(name: "limit", value: "\(pageSize)"),
                                 URLQueryItem(name: "_pe", value: "1")]
        return components.url
    }

    /// `GET /api/v1/accounts/search?q=NAME`: who an account name is.
    static func searchURL(_ address: ServiceAddress) -> URL? {
        guard case .account(let name) = address.scope, var components = URLComponents(string: address.baseURL) else { return nil }
        components.path = "/api/v1/accounts/search"
        components.queryItems = [URLQueryItem(name: "q", value: name), URLQueryItem(name: "limit", value: "5")]
        return components.url
    }

    /// The id of the account named `name` among a search's answer.
    static func accountID(named name: String, in data: Data) -> String? {
        struct Found: Decodable { var id: String; var username: String? }
        guard data.count <= 1_048_576, let found = try? JSONDecoder().decode([Lossy<Found>].self, from: data) else { return nil }
        return found.compactMap(\.value).first { $0.username?.lowercased() == name.lowercased() }?.id
    }

    /// What the user reads for it: "#cats on HOST".
    static func describe(_ address: ServiceAddress) -> String {
        switch address.scope {
        case .tag(let name): return tr("#%1$s on %2$s").filled(name, address.host)
        case .account(let name): return tr("@%1$s on %2$s").filled(name, address.host)
        default: return tr("your home timeline on %1$s").filled(address.host)
        }
    }

    /// The one line for a failure a Pixelfed server's answers explain; nil for the loader's own.
    static func explain(_ error: FeedLoadError, address: ServiceAddress) -> String? {
        switch error {
        case .httpStatus(401, _), .httpStatus(403, _):
            return tr("%1$s shows this timeline only to its signed-in users: sign in to see it.").filled(address.host)
        case .httpStatus(404, _):
            return tr("%1$s has no such timeline (HTTP 404): is it a Pixelfed server?").filled(address.host)
        case .notJSON, .schema:
            return tr("%1$s did not answer as a Pixelfed server: %2$s").filled(address.host, error.description)
        default:
            return nil
        }
    }
}
