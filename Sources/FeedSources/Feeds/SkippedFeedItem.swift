/// An item of a feed page that was left out, and why. The rest of the page
/// still shows; the app logs these.
public struct SkippedFeedItem: Sendable, Equatable, CustomStringConvertible {
    /// Why an item was left out.
    public enum Reason: Error, Sendable, Equatable {
        /// The array element is not a JSON object.
        case notAnObject
        /// A required field (`id`, `type`, `uri`) is missing or null.
        case missingField(String)
        /// A field holds the wrong JSON type; `expected` names the right one.
        case wrongType(field: String, expected: String)
        /// `id` is an empty string.
        case emptyID
        /// `type` is none of "video", "image" and "audio".
        case unknownType(String)
        /// A media address (`uri`, `poster`, `likeURL`) is not an http(s) URL
        /// (or, for a feed read from a file, not a file or http(s) URL).
        case unsupportedURI(field: String, value: String)
        /// A number out of range (a width of 0, negative likes, ...).
        case outOfRange(field: String)
        /// An id, cache key or header list longer than ``FeedValueRules`` allows.
        case tooLong(field: String)
        /// A header name that is not an HTTP token, or a value with a line break.
        case invalidHeader(String)
        /// Another item of the same page has this id; the first one is kept.
        case duplicateID
        /// An earlier page of the same feed already had this id.
        case alreadyInFeed
        /// The entry carries no video or picture (a JSON Feed item without
        /// a `video/*` or `image/*` attachment).
        case noMedia
        /// An embed Flick does not know (Bluesky's `$type`), so no media it can show.
        case unknownEmbed(String)
        /// A live stream (PeerTube's `isLive`): not a post to swipe past.
        case liveStream
        /// A picture that is evidently not a post: an author's avatar, or an
        /// icon declared smaller than 200×200 px.
        case avatarOrIcon
        /// The service would not give the post's details (PeerTube's
        /// `/api/v1/videos/{uuid}`): why.
        case detailsFailed(String)
        /// A post with nothing Flick shows, and why (a Lemmy text post,
        /// a link to a web page): stable English.
        case notShown(String)
    }

    /// The item's position in the page's `items` array, from 0.
    public var index: Int
    /// The item's id when it had a readable one.
    public var id: String?
    public var reason: Reason

    public init(index: Int, id: String?, reason: Reason) {
        self.index = index
        self.id = id
        self.reason = reason
    }

    /// One line: `item 3 (id "a7"): uri file:///x is not an http(s) URL`.
    public var description: String {
        let name = id.map { "item \(index) (id \"\($0)\")" } ?? "item \(index)"
        return "\(name): \(reason)"
    }
}

extension SkippedFeedItem.Reason: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notAnObject: return "not a JSON object"
        case .missingField(let field): return "no \(field)"
        case .wrongType(let field, let expected): return "\(field) is not \(expected)"
        case .emptyID: return "the id is empty"
        case .unknownType(let type): return "unknown type \"\(type)\" (expected video or image)"
        case .unsupportedURI(let field, let value):
            // Quoted and cut: a hostile value may hold control characters or megabytes.
            var shown = value.unicodeScalars.count > 200 ? String(value.unicodeScalars.prefix(200)) + "…" : value
            if FeedValueRules.hasControlCharacter(shown) { shown = shown.debugDescription }
            return "\(field) \(shown) is not an http(s) URL"
        case .outOfRange(let field): return "\(field) is out of range"
        case .tooLong(let field): return "\(field) is too long"
        case .invalidHeader(let name): return "header \"\(name)\" is not a valid HTTP header"
        case .duplicateID: return "duplicate id, the first item with it is kept"
        case .alreadyInFeed: return "an earlier page already had this id"
        case .noMedia: return "no video or picture attached"
        case .unknownEmbed(let type):
            return "an embed of type \"\(String(type.unicodeScalars.prefix(100)).debugDescription.dropFirst().dropLast())\" Flick does not show"
        case .liveStream: return "a live stream"
        case .avatarOrIcon: return "its picture is an author's avatar or an icon, not a post"
        case .detailsFailed(let why): return "its details could not be read: \(why)"
        case .notShown(let why): return why
        }
    }
}
