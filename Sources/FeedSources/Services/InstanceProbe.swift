import FeedCore
import Foundation

/// Tells what server an address's bare host runs, from its API:
/// `/api/v1/config` answers a PeerTube instance's configuration (or, on a
/// Loops server, one whose `app.software` is `loops`), `/api/v2/instance`
/// a Mastodon server's description, `/api/v3/site` a Lemmy instance's.
/// GTK thread only; through the source's ``ServiceClient``, one request
/// at a time.
@MainActor
enum InstanceProbe {
    enum Found: Sendable, Equatable {
        /// A PeerTube instance and its name.
        case peertube(name: String?)
        /// A Mastodon server and its title.
        case mastodon(name: String?)
        /// A Loops server and its name.
        case loops(name: String?)
        /// A Lemmy instance and its name.
        case lemmy(name: String?)
        /// None answered as one.
        case neither
    }

    /// Loops's `/api/v1/config`: `app.software` says it.
    private struct LoopsConfig: Decodable {
        struct App: Decodable {
            var software: String?
            var name: String?
        }
        var app: App
    }

    /// Lemmy's `/api/v3/site`: the site's name.
    private struct LemmySite: Decodable {
        struct View: Decodable {
            struct Site: Decodable { var name: String? }
            var site: Site
        }
        var siteView: View
    }

    /// Asks PeerTube's (and Loops's) endpoint, then Mastodon's, then Lemmy's; `completion` once.
    static func probe(_ base: URL, client: ServiceClient, completion: @escaping @MainActor (Found) -> Void) {
        guard let config = URL(string: "/api/v1/config", relativeTo: base)?.absoluteURL,
              let instance = URL(string: "/api/v2/instance", relativeTo: base)?.absoluteURL,
              let site = URL(string: "/api/v3/site", relativeTo: base)?.absoluteURL else {
            completion(.neither)
            return
        }
        client.get(config, accept: "application/json") { result in
            if case .success(let response) = result {
                if let answer = try? JSONDecoder().decode(PeerTubeAPI.Config.self, from: response.body) {
                    return completion(.peertube(name: answer.instance.name))
                }
                if let loops = try? JSONDecoder().decode(LoopsConfig.self, from: response.body), loops.app.software == "loops" {
                    return completion(.loops(name: loops.app.name))
                }
            }
            client.get(instance, accept: "application/json") { result in
                if case .success(let response) = result,
                   let answer = try? MastodonAPI.decoder().decode(MastodonAPI.Instance.self, from: response.body),
                   !answer.domain.isEmpty {
                    completion(.mastodon(name: answer.title))
                    return
                }
                client.get(site, accept: "application/json") { result in
                    if case .success(let response) = result,
                       let answer = try? LemmyAPI.decoder().decode(LemmySite.self, from: response.body) {
                        return completion(.lemmy(name: answer.siteView.site.name))
                    }
                    completion(.neither)
                }
            }
        }
    }
}
