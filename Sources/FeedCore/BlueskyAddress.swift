// Pure: values only, imports Foundation at most.

/// A Bluesky address, as typed on the command line or pasted in Add
/// Source: `bsky:HANDLE` (the account's posts with media),
/// `bsky:HANDLE/feed/RKEY` (a custom feed the account made),
/// `bsky:HANDLE/post/RKEY` (the account's posts, opened at that one) and
/// `bsky:home` (the signed-in user's timeline), or the same as the web
/// app shares them, `https://bsky.app/profile/HANDLE[/feed/RKEY|/post/RKEY]`.
/// HANDLE may be a DID (`did:plc:…`, `did:web:…`).
///
/// Handles, DIDs and record keys are checked against the AT Protocol's
/// syntax here, before any request: a bad one is a ``Problem``. The
/// servers asked (the AppView, the sign-in service) are the app's
/// settings, not part of the address.
public struct BlueskyAddress: Sendable, Hashable, Codable {
    /// What of Bluesky the feed shows.
    public enum Scope: Sendable, Hashable, Codable {
        /// An account's posts with media (a handle, lowercased, or a DID).
        case author(String)
        /// A custom feed: its maker (handle or DID) and its record key.
        case feed(actor: String, rkey: String)
        /// An account's posts, opened at the post with this record key.
        case post(actor: String, rkey: String)
        /// The signed-in user's following timeline.
        case home
    }

    public var scope: Scope

    public init(scope: Scope) {
        self.scope = scope
    }

    /// Why a text is not a Bluesky address: the facts, for the app to put
    /// in the user's words; `description` is the stable English for logs
    /// and tables.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable {
            /// What names the account is neither a handle nor a DID.
            case badActor
            /// A record key (after `/feed/` or `/post/`) is not one.
            case badRecordKey
            /// A path Bluesky's addresses do not have.
            case unknownPath
        }
        public var kind: Kind
        /// What was given, at most 200 characters of it.
        public var text: String

        public var description: String {
            switch kind {
            case .badActor:
                return "‘\(text)’ does not name a Bluesky account: bsky:HANDLE (like alice.bsky.social) or bsky:did:plc:…"
            case .badRecordKey:
                return "‘\(text)’ has a record key Bluesky does not use (letters, digits and . _ ~ : -, at most 512)"
            case .unknownPath:
                return "‘\(text)’ is not a Bluesky address: bsky:HANDLE, with /feed/RKEY or /post/RKEY, or bsky:home"
            }
        }
    }

    /// The web app's address of profiles, feeds and posts.
    static let webPrefix = "https://bsky.app/profile/"

    /// Whether `text` is written as a Bluesky address at all (`bsky:…` or
    /// a `bsky.app` profile address), right or wrong.
    public static func isExplicit(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("bsky:") || lowered.hasPrefix(webPrefix) || lowered.hasPrefix("http://bsky.app/profile/")
    }

    /// Reads a Bluesky address; nil when `text` is not written as one, a
    /// ``Problem`` when it is one written wrong.
    public static func parse(_ text: String) -> Result<BlueskyAddress, Problem>? {
        guard isExplicit(text) else { return nil }
        let shown = String(text.prefix(200))
        let rest: Substring
        if text.lowercased().hasPrefix("bsky:") {
            rest = text.dropFirst(5)
        } else {
            // The web app's address: its query and fragment say nothing to us.
            let path = text.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }.dropFirst("/profile/".count)
            rest = path.prefix { $0 != "?" && $0 != "#" }
        }
        var parts = rest.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if parts == ["home"] { return .success(BlueskyAddress(scope: .home)) }
        guard let first = parts.first else { return .failure(Problem(kind: .badActor, text: shown)) }
        parts.removeFirst()
        guard let actor = normalizedActor(first) else { return .failure(Problem(kind: .badActor, text: shown)) }
        switch parts.count {
        case 0:
            return .success(BlueskyAddress(scope: .author(actor)))
        case 2 where parts[0] == "feed" || parts[0] == "post":
            guard isRecordKey(parts[1]) else { return .failure(Problem(kind: .badRecordKey, text: shown)) }
            let scope: Scope = parts[0] == "feed" ? .feed(actor: actor, rkey: parts[1]) : .post(actor: actor, rkey: parts[1])
            return .success(BlueskyAddress(scope: scope))
        default:
            return .failure(Problem(kind: .unknownPath, text: shown))
        }
    }

    /// The address written back in its `bsky:` form.
    public var text: String {
        switch scope {
        case .author(let actor): return "bsky:\(actor)"
        case .feed(let actor, let rkey): return "bsky:\(actor)/feed/\(rkey)"
        case .post(let actor, let rkey): return "bsky:\(actor)/post/\(rkey)"
        case .home: return "bsky:home"
        }
    }

    /// The account the address names (nil for home).
    public var actor: String? {
        switch scope {
        case .author(let actor), .feed(let actor, _), .post(let actor, _): return actor
        case .home: return nil
        }
    }

    /// Whether the feed is the user's own and needs a signed-in account.
    public var requiresAccount: Bool { scope == .home }

    /// A custom feed's AT URI, once its maker's DID is known.
    public static func feedURI(did: String, rkey: String) -> String {
        "at://\(did)/app.bsky.feed.generator/\(rkey)"
    }

    /// A handle (lowercased, a leading `@` dropped) or a DID as it is;
    /// nil when `text` is neither.
    public static func normalizedActor(_ text: String) -> String? {
        let trimmed = text.hasPrefix("@") ? String(text.dropFirst()) : text
        if trimmed.hasPrefix("did:") { return isDID(trimmed) ? trimmed : nil }
        let lowered = trimmed.lowercased()
        return isHandle(lowered) ? lowered : nil
    }

    /// The AT Protocol's handle syntax: two or more dot-separated labels
    /// of ASCII letters, digits and inner hyphens (1–63 each, 253 in all),
    /// the last not starting with a digit.
    public static func isHandle(_ text: String) -> Bool {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, text.utf8.count <= 253, let last = labels.last?.first, !last.isNumber else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.utf8.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }

    /// The AT Protocol's DID syntax: `did:`, a lowercase method, `:`, and
    /// an identifier of ASCII letters, digits and `._:%-` not ending in
    /// `:` (2 KiB at most).
    public static func isDID(_ text: String) -> Bool {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "did", text.utf8.count <= 2048, !parts[1].isEmpty,
              parts[1].allSatisfy({ $0.isASCII && $0.isLowercase }),
              !parts[2].isEmpty, !parts[2].hasSuffix(":") else { return false }
        return parts[2].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._:%-".contains($0)) }
    }

    /// The parts of a record's AT URI, `at://DID/COLLECTION/RKEY` (a post,
    /// a like, a blob's placeholder); nil when `uri` is not one: the
    /// repository must be a DID, the record key of its syntax.
    public static func recordURI(_ uri: String) -> (repo: String, collection: String, rkey: String)? {
        guard uri.hasPrefix("at://") else { return nil }
        let parts = uri.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, isDID(parts[0]), !parts[1].isEmpty, isRecordKey(parts[2]) else { return nil }
        return (parts[0], parts[1], parts[2])
    }

    /// The AT Protocol's record key syntax: 1–512 of ASCII letters, digits
    /// and `._~:-`, not `.` or `..`.
    public static func isRecordKey(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 512, text != ".", text != ".." else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._~:-".contains($0)) }
    }
}
