import FeedCore
import Foundation
import FeedGObject

/// Which of a PeerTube instance's videos a feed shows, and the API paths
/// that list them. Pure; any thread.
enum PeerTubeListing: Sendable, Equatable {
    /// Short videos first: the search API's duration filter, newest first
    /// (the default for an instance).
    case short
    case trending
    case recent
    /// The instance's own videos, newest first.
    case local
    case channel(String)
    case account(String)
    /// The videos of the channels the signed-in user follows, newest first.
    case subscriptions
    /// The signed-in user's Watch later playlist, in its order; its id
    /// once the source has asked for it (nil before).
    case watchLater(playlist: Int?)

    /// Videos asked for per list page.
    static let pageSize = 25

    init(_ scope: ServiceAddress.Scope) {
        switch scope {
        case .channel(let name): self = .channel(name)
        case .account(let name): self = .account(name)
        case .trending: self = .trending
        case .recent: self = .recent
        case .local: self = .local
        case .subscriptions: self = .subscriptions
        case .watchLater: self = .watchLater(playlist: nil)
        case .instance, .tag, .federated, .home, .favourites, .bookmarks, .forYou, .following, .community: self = .short
        }
    }

    /// The list page starting at `start`, on the instance at `base`.
    func url(base: URL, start: Int) -> URL? {
        var path = "/api/v1/videos"
        var query: [(String, String)] = []
        switch self {
        case .short:
            path = "/api/v1/search/videos"
            query = [("durationMax", "\(ListPaging.shortSeconds)"), ("sort", "-publishedAt")]
        case .trending: query = [("sort", "-trending")]
        case .recent: query = [("sort", "-publishedAt")]
        case .local: query = [("sort", "-publishedAt"), ("isLocal", "true")]
        case .channel(let name): path = "/api/v1/video-channels/\(ServiceAddress.pathSegment(name))/videos"; query = [("sort", "-publishedAt")]
        case .account(let name): path = "/api/v1/accounts/\(ServiceAddress.pathSegment(name))/videos"; query = [("sort", "-publishedAt")]
        case .subscriptions: path = "/api/v1/users/me/subscriptions/videos"; query = [("sort", "-publishedAt")]
        case .watchLater(let playlist?): path = "/api/v1/video-playlists/\(playlist)/videos"
        case .watchLater(nil): return nil
        }
        query += [("start", "\(start)"), ("count", "\(Self.pageSize)")]
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        components.path = path
        components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
        return components.url
    }

    /// Whether list pages hold playlist elements (each video under `video`).
    var listsElements: Bool {
        if case .watchLater = self { return true }
        return false
    }

    /// A post's details.
    static func detailsURL(base: URL, uuid: String) -> URL? {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        components.path = "/api/v1/videos/\(ServiceAddress.pathSegment(uuid))"
        return components.url
    }

    /// `GET /api/v1/videos/{uuid}/captions` on `base`.
    static func captionsURL(base: URL, uuid: String) -> URL? {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        components.path = "/api/v1/videos/\(ServiceAddress.pathSegment(uuid))/captions"
        return components.url
    }

    /// What the user reads for it ("short videos on HOST").
    func describe(host: String) -> String {
        switch self {
        case .short: return tr("short videos on %1$s").filled(host)
        case .trending: return tr("trending videos on %1$s").filled(host)
        case .recent: return tr("recent videos on %1$s").filled(host)
        case .local: return tr("videos of %1$s").filled(host)
        // Translators: a PeerTube channel's name, then the server.
        case .channel(let name): return tr("the channel %1$s on %2$s").filled(name, host)
        case .account(let name): return tr("the account %1$s on %2$s").filled(name, host)
        case .subscriptions: return tr("your subscriptions on %1$s").filled(host)
        case .watchLater: return tr("your Watch later playlist on %1$s").filled(host)
        }
    }
}
