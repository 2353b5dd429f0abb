import FeedGObject
import FeedCore
import Foundation

/// What the user typed as a feed address, checked before anything is
/// fetched: an http(s) URL with a host, an explicit `peertube:` or
/// `mastodon:` address, a Bluesky address (`bsky:…`, a `bsky.app`
/// profile), or a one-sentence reason why not.
enum FeedURLInput {
    /// A checked address.
    enum Address: Equatable {
        /// A feed, or a bare server address (detected when opened).
        case url(URL)
        case service(ServiceAddress)
        case bluesky(BlueskyAddress)
    }

    /// Why a typed address cannot be opened.
    enum Problem: Error, Equatable, CustomStringConvertible {
        case empty
        case notWebAddress(String)
        case unsupportedScheme(String)
        case noHost(String)
        /// An explicit service address written wrong: what is wrong.
        case service(String)

        var description: String {
            switch self {
            case .empty:
                return tr("Enter the feed’s address, like https://example.org/feed.json.")
            case .notWebAddress(let text):
                return tr("‘%1$s’ is not a web address: start it with https:// or http://.").filled(text)
            case .unsupportedScheme(let scheme):
                return tr("Flick opens http and https feeds, not ‘%1$s’ addresses.").filled(scheme)
            case .noHost(let text):
                return tr("‘%1$s’ has no host name, like example.org.").filled(text)
            case .service(let problem):
                return problem.hasSuffix(".") ? problem : problem + "."
            }
        }
    }

    /// The address in `text` (surrounding spaces ignored), or why it is not one.
    static func parse(_ text: String) -> Result<Address, Problem> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .failure(.empty) }
        switch BlueskyAddress.parse(trimmed) {
        case .success(let address)?: return .success(.bluesky(address))
        case .failure(let problem)?: return .failure(.service(problem.localizedDescription))
        case nil: break
        }
        switch ServiceAddress.parse(trimmed) {
        case .success(let address)?: return .success(.service(address))
        case .failure(let problem)?: return .failure(.service(problem.localizedDescription))
        case nil: break
        }
        guard let colon = trimmed.firstIndex(of: ":"), trimmed[..<colon].allSatisfy({ $0.isLetter || $0 == "+" || $0 == "-" || $0 == "." }),
              !trimmed[..<colon].isEmpty else {
            return .failure(.notWebAddress(trimmed))
        }
        let scheme = trimmed[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else { return .failure(.unsupportedScheme(scheme)) }
        guard let url = URL(string: trimmed) else { return .failure(.notWebAddress(trimmed)) }
        guard let host = url.host, !host.isEmpty else { return .failure(.noHost(trimmed)) }
        return .success(.url(url))
    }
}
