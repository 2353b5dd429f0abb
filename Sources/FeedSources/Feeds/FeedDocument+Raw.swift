import Foundation

// The page as JSON holds it, decoded with Foundation's JSONDecoder. Unknown
// keys are ignored (only known keys are asked for). Each element of `items`
// decodes on its own, so one bad item does not fail the page.

extension FeedDocument {
    /// `{ "items": [...], "next": string-or-null }`.
    struct RawPage: Decodable {
        var items: [RawSlot]
        var next: String?
    }

    /// One element of `items`: the decoded item, or why it would not decode.
    struct RawSlot: Decodable {
        var result: Result<RawItem, RawItemError>

        init(from decoder: any Decoder) throws {
            do {
                result = .success(try RawItem(from: decoder))
            } catch let error as RawItemError {
                result = .failure(error)
            } catch let error as DecodingError {
                result = .failure(RawItemError(id: nil, reason: Self.reason(for: error)))
            } catch {
                result = .failure(RawItemError(id: nil, reason: .notAnObject))
            }
        }

        /// Maps a decoding error inside one item to a skip reason. Coding
        /// paths start `items`, index, field.
        static func reason(for error: DecodingError) -> SkippedFeedItem.Reason {
            switch error {
            case .keyNotFound(let key, let context):
                return context.codingPath.count > 2 ? wrongType(context) : .missingField(key.stringValue)
            case .valueNotFound(_, let context):
                return context.codingPath.count > 3 ? wrongType(context)
                    : .missingField(context.codingPath.last?.stringValue ?? "value")
            case .typeMismatch(_, let context), .dataCorrupted(let context):
                return wrongType(context)
            @unknown default:
                return .notAnObject
            }
        }

        private static func wrongType(_ context: DecodingError.Context) -> SkippedFeedItem.Reason {
            guard context.codingPath.count > 2 else { return .notAnObject }
            let field = context.codingPath[2].stringValue
            return .wrongType(field: field, expected: expectedType(of: field))
        }

        /// The JSON type each field must have, as the schema says.
        static func expectedType(of field: String) -> String {
            switch field {
            case "width", "height", "likes": return "a whole number"
            case "duration": return "a number"
            case "liked": return "true or false"
            case "headers": return "an object of strings"
            case "id": return "a string or a whole number"
            default: return "a string"
            }
        }
    }

    /// An item that failed to decode, with its id when that much was read.
    struct RawItemError: Error {
        var id: String?
        var reason: SkippedFeedItem.Reason
    }

    /// An item's fields as JSON types, before the rules of `FeedDocument`.
    struct RawItem: Decodable {
        var id: String
        var type: String
        var uri: String
        var poster: String?
        var width: Int?
        var height: Int?
        var duration: Double?
        var headers: [String: String]?
        var cacheKey: String?
        var title: String?
        var subtitle: String?
        var author: String?
        var likes: Int?
        var liked: Bool?
        var likeURL: String?
        var accessibilityLabel: String?
        /// The post's web page, what Copy link and Open in browser give.
        var url: String?
        /// Captions files: `[{"language": "en", "uri": "….vtt"}]`.
        var captions: [RawCaption]?
        /// When it was published, as RFC 3339 / ISO 8601 (`2026-12-05T10:00:00Z`).
        var published: String?

        /// One entry of `captions`.
        struct RawCaption: Decodable {
            var language: String?
            var uri: String
        }

        enum CodingKeys: String, CodingKey {
            case id, type, uri, poster, width, height, duration, headers, cacheKey
            case title, subtitle, author, likes, liked, likeURL, accessibilityLabel, url, captions, published
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try Self.decodeID(container)
            // From here on a failure knows the item's id.
            do {
                type = try Self.required(container, .type)
                uri = try Self.required(container, .uri)
                poster = try Self.optional(container, .poster)
                width = try Self.optional(container, .width)
                height = try Self.optional(container, .height)
                duration = try Self.optional(container, .duration)
                headers = try Self.optional(container, .headers)
                cacheKey = try Self.optional(container, .cacheKey)
                title = try Self.optional(container, .title)
                subtitle = try Self.optional(container, .subtitle)
                author = try Self.optional(container, .author)
                likes = try Self.optional(container, .likes)
                liked = try Self.optional(container, .liked)
                likeURL = try Self.optional(container, .likeURL)
                accessibilityLabel = try Self.optional(container, .accessibilityLabel)
                url = try Self.optional(container, .url)
                captions = try Self.optional(container, .captions)
                // A date Flick cannot read is left out, never the post.
                published = try? container.decodeIfPresent(String.self, forKey: .published)
            } catch let reason {
                throw RawItemError(id: id, reason: reason)
            }
        }

        /// An item made by another format's reader (``JSONFeedDocument``,
        /// ``SyndicationDocument``, the service sources), to go through the
        /// same rules.
        init(id: String, type: String, uri: String, poster: String?, duration: Double?,
             title: String?, subtitle: String?, author: String?, width: Int? = nil, height: Int? = nil,
             likes: Int? = nil, accessibilityLabel: String? = nil, url: String? = nil, published: String? = nil) {
            self.published = published
            self.id = id
            self.type = type
            self.uri = uri
            self.poster = poster
            self.duration = duration
            self.title = title
            self.subtitle = subtitle
            self.author = author
            self.width = width
            self.height = height
            self.likes = likes
            self.accessibilityLabel = accessibilityLabel
            self.url = url
        }

        private static func required<T: Decodable>(_ container: KeyedDecodingContainer<CodingKeys>,
                                                   _ key: CodingKeys) throws(SkippedFeedItem.Reason) -> T {
            guard let value: T = try optional(container, key) else { throw .missingField(key.stringValue) }
            return value
        }

        /// The field, nil when missing or null. Any failure is the field's
        /// wrong type: Foundation also throws its own non-DecodingError
        /// errors here (a fraction where a whole number belongs).
        private static func optional<T: Decodable>(_ container: KeyedDecodingContainer<CodingKeys>,
                                                   _ key: CodingKeys) throws(SkippedFeedItem.Reason) -> T? {
            do {
                return try container.decodeIfPresent(T.self, forKey: key)
            } catch {
                throw .wrongType(field: key.stringValue, expected: RawSlot.expectedType(of: key.stringValue))
            }
        }

        /// Ids are strings; integer ids (common in real APIs) are read as
        /// their decimal text.
        private static func decodeID(_ container: KeyedDecodingContainer<CodingKeys>) throws -> String {
            if let integer = try? container.decodeIfPresent(Int.self, forKey: .id) {
                return String(integer)
            }
            guard let id: String = try? container.decodeIfPresent(String.self, forKey: .id) else {
                let present = (try? container.decodeNil(forKey: .id)) == false
                throw RawItemError(id: nil, reason: present ? .wrongType(field: "id", expected: RawSlot.expectedType(of: "id"))
                                                            : .missingField("id"))
            }
            return id
        }
    }
}
