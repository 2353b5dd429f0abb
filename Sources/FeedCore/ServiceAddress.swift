// Pure: values only, imports Foundation at most.

import Foundation

/// An explicit service address, as typed on the command line or pasted in
/// Add Source: `peertube:HOST[:PORT][/c/CHANNEL|/a/ACCOUNT]` and
/// `mastodon:HOST[:PORT]/tags/NAME` (or `/local`, `/public`). A PeerTube
/// instance may also be asked for its `/trending`, `/recent` or `/local`
/// videos. Loops (`loops:HOST`, `/@USER`, `/tags/NAME`), Pixelfed
/// (`pixelfed:HOST/tags/NAME`, `/@USER`) and Lemmy (`lemmy:HOST`,
/// `/c/COMMUNITY[@INSTANCE]`) are written the same way. Explicit forms
/// skip detection.
///
/// A signed-in user's own streams are addresses too: `mastodon:HOST/home`,
/// `/favourites` and `/bookmarks`, `peertube:HOST/subscriptions` and `/watch-later`,
/// `loops:HOST/for-you` and `/following`, and `pixelfed:HOST/home`; they
/// need an account on HOST (``requiresAccount``).
///
/// The scheme is https, or plain http when HOST is a loopback address
/// (`localhost`, `127.x.x.x`, `::1`), so they can be tried against a local
/// server. Hosts are letters, digits, `-` and `.` (or a bracketed IPv6
/// loopback); names are letters, digits, `_`, `-` and `.` (PeerTube's
/// `name@host` accounts and channels keep their `@host`).
public struct ServiceAddress: Sendable, Hashable, Codable {
    public enum Service: String, Sendable, Hashable, Codable {
        case peertube
        case mastodon
        /// Accounts only: Bluesky's addresses are ``BlueskyAddress``es,
        /// and its accounts are named by their PDS (`server`) and handle.
        case bluesky
        /// Loops, the fediverse's short-video server (its own JSON API).
        case loops
        /// Pixelfed: photos and clips over the Mastodon API.
        case pixelfed
        /// Lemmy: communities whose posts link pictures and videos.
        case lemmy
    }

    /// What of the service the feed shows.
    public enum Scope: Sendable, Hashable, Codable {
        /// PeerTube: the instance's videos (short ones first); Loops: the
        /// server's popular videos; Lemmy: the instance's front page.
        case instance
        /// PeerTube: the instance's trending videos.
        case trending
        /// PeerTube: the newest videos the instance knows.
        case recent
        /// PeerTube: one channel's videos (`/c/NAME`).
        case channel(String)
        /// PeerTube: one account's videos (`/a/NAME`); Loops and Pixelfed:
        /// one account's posts (`/@NAME`).
        case account(String)
        /// Mastodon, Loops and Pixelfed: one hashtag's posts (`/tags/NAME`, no `#`).
        case tag(String)
        /// Mastodon: the instance's local timeline; PeerTube: the
        /// instance's own videos, newest first.
        case local
        /// Mastodon: the federated timeline as the instance sees it.
        case federated
        /// Mastodon: the signed-in user's home timeline (who they follow).
        case home
        /// Mastodon: the statuses the signed-in user favourited.
        case favourites
        /// Mastodon: the statuses the signed-in user bookmarked.
        case bookmarks
        /// PeerTube: the videos of the channels the signed-in user follows.
        case subscriptions
        /// PeerTube: the signed-in user's Watch later playlist.
        case watchLater
        /// Loops: the videos the server picks for the signed-in user.
        case forYou
        /// Loops: the videos of the accounts the signed-in user follows.
        case following
        /// Lemmy: one community's posts (`/c/NAME`, `NAME@INSTANCE` for
        /// one the host follows from elsewhere).
        case community(String)
    }

    /// Whether the feed is the user's own and needs their account on the
    /// server (a public timeline a server keeps from visitors is not
    /// known until it answers).
    public var requiresAccount: Bool {
        switch scope {
        case .home, .favourites, .bookmarks, .subscriptions, .watchLater, .forYou, .following: return true
        case .instance, .trending, .recent, .channel, .account, .tag, .local, .federated, .community: return false
        }
    }

    /// The server alone, `HOST[:PORT]` (IPv6 in brackets): how accounts
    /// and their secrets name it.
    public var server: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(shownHost)\(port.map { ":\($0)" } ?? "")"
    }

    public var service: Service
    /// Lowercased, without brackets for IPv6.
    public var host: String
    public var port: Int?
    public var scope: Scope

    public init(service: Service, host: String, port: Int? = nil, scope: Scope) {
        self.service = service
        self.host = host
        self.port = port
        self.scope = scope
    }

    /// Why a text is not a service address: the facts, for the app to put
    /// in the user's words; `description` is the stable English for logs
    /// and tables.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable {
            /// Nothing after `service:` reads as a host (and optional port).
            case noHost
            /// A host, but a path this service's addresses do not have.
            case unknownPath
        }
        public var kind: Kind
        public var service: Service
        /// What was given, at most 200 characters of it.
        public var text: String

        public var description: String {
            switch (kind, service) {
            case (.noHost, _):
                return "‘\(text)’ does not name a host (\(service.rawValue):HOST[:PORT]…)"
            case (.unknownPath, .peertube):
                return "‘\(text)’ is not a PeerTube address: peertube:HOST[:PORT], with /c/CHANNEL, /a/ACCOUNT, /trending, /recent, /local, /subscriptions or /watch-later"
            case (.unknownPath, .mastodon):
                return "‘\(text)’ is not a Mastodon address: mastodon:HOST[:PORT]/tags/NAME, /local, /public, /home, /favourites or /bookmarks"
            case (.unknownPath, .bluesky):
                return "‘\(text)’ is not a Bluesky address: bsky:HANDLE, with /feed/RKEY or /post/RKEY, or bsky:home"
            case (.unknownPath, .loops):
                return "‘\(text)’ is not a Loops address: loops:HOST[:PORT], with /@USER, /tags/NAME, /for-you or /following"
            case (.unknownPath, .pixelfed):
                return "‘\(text)’ is not a Pixelfed address: pixelfed:HOST[:PORT]/tags/NAME, /@USER or /home"
            case (.unknownPath, .lemmy):
                return "‘\(text)’ is not a Lemmy address: lemmy:HOST[:PORT], with /c/COMMUNITY[@INSTANCE]"
            }
        }
    }

    /// Whether `text` is written in an explicit form at all (it starts with
    /// `peertube:`, `mastodon:`, `loops:`, `pixelfed:` or `lemmy:`), right or wrong.
    public static func isExplicit(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"),
              let service = Service(rawValue: text[..<colon].lowercased()) else { return false }
        return service != .bluesky
    }

    /// Reads an explicit address; nil when `text` is not in an explicit
    /// form, a ``Problem`` when it is one written wrong.
    public static func parse(_ text: String) -> Result<ServiceAddress, Problem>? {
        guard let colon = text.firstIndex(of: ":"),
              let service = Service(rawValue: text[..<colon].lowercased()), service != .bluesky else { return nil }
        var rest = Substring(text[text.index(after: colon)...])
        if rest.hasPrefix("//") { rest = rest.dropFirst(2) }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        guard let (host, port) = hostAndPort(rest[..<slash]) else {
            return .failure(Problem(kind: .noHost, service: service, text: String(text.prefix(200))))
        }
        let path = rest[slash...].split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let scope = scope(service, path) else {
            return .failure(Problem(kind: .unknownPath, service: service, text: String(text.prefix(200))))
        }
        return .success(ServiceAddress(service: service, host: host, port: port, scope: scope))
    }

    /// `https://HOST[:PORT]`, or `http://` for a loopback host.
    public var baseURL: String {
        let scheme = Self.isLoopback(host) ? "http" : "https"
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost)\(port.map { ":\($0)" } ?? "")"
    }

    /// The address written back in its explicit form.
    public var text: String {
        let head = "\(service.rawValue):\(server)"
        switch scope {
        case .instance: return head
        case .trending: return "\(head)/trending"
        case .recent: return "\(head)/recent"
        case .channel(let name): return "\(head)/c/\(name)"
        case .account(let name): return service == .peertube ? "\(head)/a/\(name)" : "\(head)/@\(name)"
        case .tag(let name): return "\(head)/tags/\(name)"
        case .local: return "\(head)/local"
        case .federated: return "\(head)/public"
        case .home: return "\(head)/home"
        case .favourites: return "\(head)/favourites"
        case .bookmarks: return "\(head)/bookmarks"
        case .subscriptions: return "\(head)/subscriptions"
        case .watchLater: return "\(head)/watch-later"
        case .forYou: return "\(head)/for-you"
        case .following: return "\(head)/following"
        case .community(let name): return "\(head)/c/\(name)"
        }
    }

    /// `text` as a server, `HOST[:PORT]` written as ``server`` writes it
    /// (lowercased); nil when it is not one (a path, a user part, a bad port).
    public static func normalizedServer(_ text: String) -> String? {
        guard let (host, port) = hostAndPort(Substring(text)) else { return nil }
        return ServiceAddress(service: .peertube, host: host, port: port, scope: .instance).server
    }

    /// `https://HOST[:PORT]` (http on loopback) of a server written as
    /// ``server`` writes it; nil when `server` is not one.
    public static func baseURL(ofServer server: String) -> String? {
        guard let (host, port) = hostAndPort(Substring(server)) else { return nil }
        return ServiceAddress(service: .peertube, host: host, port: port, scope: .instance).baseURL
    }

    /// `name` (a channel, account, tag or id) as one segment of an API
    /// path: percent-encoded so that no `/`, `?`, `#` or `;` in it can
    /// reach another path or the query.
    public static func pathSegment(_ name: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#;")
        return name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name
    }

    /// Loopback hosts: `localhost`, `127.0.0.0/8`, `::1`.
    public static func isLoopback(_ host: String) -> Bool {
        let lowered = host.lowercased()
        if lowered == "localhost" || lowered == "::1" { return true }
        let parts = lowered.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCIIDigit) && (Int(part) ?? 256) < 256
        }
    }

    private static func hostAndPort(_ text: Substring) -> (String, Int?)? {
        var host: Substring
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
            guard host.lowercased() == "::1" else { return nil }
        } else {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return nil }
            host = parts[0]
            portText = parts.count == 2 ? parts[1] : nil
            let labels = host.split(separator: ".", omittingEmptySubsequences: false)
            guard !host.isEmpty, host.utf8.count <= 253,
                  labels.allSatisfy({ label in
                      !label.isEmpty && label.utf8.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                          && label.allSatisfy { $0.isASCIILetterOrDigit || $0 == "-" }
                  }) else { return nil }
        }
        var port: Int?
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCIIDigit),
                  let value = Int(portText), (1...65535).contains(value) else { return nil }
            port = value
        }
        return (host.lowercased(), port)
    }

    private static func scope(_ service: Service, _ path: [String]) -> Scope? {
        switch (service, path.count) {
        case (.peertube, 0): return .instance
        case (.peertube, 1) where path[0] == "trending": return .trending
        case (.peertube, 1) where path[0] == "recent": return .recent
        case (.peertube, 1) where path[0] == "local": return .local
        case (.peertube, 2) where path[0] == "c" && isName(path[1]): return .channel(path[1])
        case (.peertube, 2) where path[0] == "a" && isName(path[1]): return .account(path[1])
        case (.mastodon, 1) where path[0] == "local": return .local
        case (.mastodon, 1) where path[0] == "public": return .federated
        case (.mastodon, 1) where path[0] == "home": return .home
        case (.mastodon, 1) where path[0] == "favourites": return .favourites
        case (.mastodon, 1) where path[0] == "bookmarks": return .bookmarks
        case (.peertube, 1) where path[0] == "subscriptions": return .subscriptions
        case (.peertube, 1) where path[0] == "watch-later": return .watchLater
        case (.mastodon, 2) where path[0] == "tags", (.loops, 2) where path[0] == "tags", (.pixelfed, 2) where path[0] == "tags":
            let tag = path[1].hasPrefix("#") ? String(path[1].dropFirst()) : path[1]
            return isName(tag) && !tag.contains("@") && !tag.contains(".") ? .tag(tag) : nil
        case (.loops, 0): return .instance
        case (.loops, 1) where path[0] == "for-you": return .forYou
        case (.loops, 1) where path[0] == "following": return .following
        case (.pixelfed, 1) where path[0] == "home": return .home
        case (.loops, 1) where path[0].hasPrefix("@"), (.pixelfed, 1) where path[0].hasPrefix("@"):
            let user = String(path[0].dropFirst())
            return isName(user) && !user.contains("@") ? .account(user) : nil
        case (.lemmy, 0): return .instance
        case (.lemmy, 2) where path[0] == "c" && isName(path[1]) && path[1].filter({ $0 == "@" }).count <= 1
            && !path[1].hasPrefix("@") && !path[1].hasSuffix("@"):
            return .community(path[1])
        default: return nil
        }
    }

    private static func isName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 200
            && name.unicodeScalars.allSatisfy { scalar in
                (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-.@".unicodeScalars.contains(scalar))
                    && !scalar.properties.isWhitespace
            }
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
    var isASCIILetterOrDigit: Bool { isASCII && (isLetter || isNumber) }
}
