import FeedCore
import FeedGObject
import Foundation

/// The hashtags a Mastodon user follows (`GET /api/v1/followed_tags`),
/// read once after signing in so the sidebar can list them. GTK thread only.
@MainActor
public enum FollowedTags {
    /// The most tags listed.
    static let limit = 20

    /// Calls `completion` once with the tags' names (no `#`), checked as a
    /// tag address's; none on any failure (the sign-in stands).
    public static func fetch(server: String, token: AccountToken, session: GObjectRef,
                             completion: @escaping @MainActor ([String]) -> Void) {
        guard let base = URL(serverBase: server) else { return completion([]) }
        var call: ServiceCall?
        call = ServiceCall(.get, base.appendingPathComponent("api/v1/followed_tags"), bearer: token.accessToken,
                           session: session) { result in
            _ = call
            call = nil
            struct Tag: Decodable { var name: String }
            guard case .success(let answer) = result, (200..<300).contains(answer.status),
                  let tags = try? JSONDecoder().decode([Lossy<Tag>].self, from: answer.body) else { return completion([]) }
            let names = tags.compactMap(\.value?.name).filter { name in
                if case .success(let address)? = ServiceAddress.parse("mastodon:\(server)/tags/\(name)"),
                   case .tag = address.scope { return true }
                return false
            }
            completion(Array(names.prefix(limit)))
        }
    }
}
