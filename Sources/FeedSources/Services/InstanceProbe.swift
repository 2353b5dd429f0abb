import FeedCore
import Foundation

/// Tells what server an address's bare host runs, from its API:
/// `/api/v1/config` answers a PeerTube instance's configuration,
/// `/api/v2/instance` a Mastodon server's description. GTK thread only;
/// through the source's ``ServiceClient``, one request at a time.
@MainActor
enum InstanceProbe {
    enum Found: Sendable, Equatable {
        /// A PeerTube instance and its name.
        case peertube(name: String?)
        /// A Mastodon server and its title.
        case mastodon(name: String?)
        /// Neither answered as one.
        case neither
    }

    /// Asks PeerTube's endpoint, then Mastodon's; `completion` once.
    static func probe(_ base: URL, client: ServiceClient, completion: @escaping @MainActor (Found) -> Void) {
        guard let config = URL(string: "/api/v1/config", relativeTo: base)?.absoluteURL,
              let instance = URL(string: "/api/v2/instance", relativeTo: base)?.absoluteURL else {
            completion(.neither)
            return
        }
        client.get(config, accept: "application/json") { result in
            if case .success(let response) = result,
               let answer = try? JSONDecoder().decode(PeerTubeAPI.Config.self, from: response.body) {
                completion(.peertube(name: answer.instance.name))
                return
            }
            client.get(instance, accept: "application/json") { result in
                if case .success(let response) = result,
                   let answer = try? MastodonAPI.decoder().decode(MastodonAPI.Instance.self, from: response.body),
                   !answer.domain.isEmpty {
                    completion(.mastodon(name: answer.title))
                    return
                }
                completion(.neither)
            }
        }
    }
}
