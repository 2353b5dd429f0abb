// Pure: values only, imports Foundation at most.

/// The tags For You learns about from a post's own words: its hashtags
/// (`#cats` in its title or text), lowercased, each once, in order.
/// Feeds that name a community or channel put it in the post's words too
/// (`!pics`, a channel as the author), so the words are where tags are.
public enum PostTags {
    /// Tags taken from one post at most: a post of 200 hashtags is spam, not 200 tastes.
    public static let maxTags = 8
    /// A tag longer than this is no tag.
    public static let maxLength = 64

    /// Names a service files a post under (a community, a channel), kept
    /// as tags: lowercased, each once, none empty, longer than
    /// ``maxLength`` or holding a control character, at most ``maxTags``.
    public static func checked(_ names: [String]) -> [String] {
        var tags: [String] = []
        for name in names {
            let tag = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard !tag.isEmpty, tag.count <= maxLength, !tag.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
                  !tags.contains(tag) else { continue }
            tags.append(tag)
            if tags.count == maxTags { break }
        }
        return tags
    }

    public static func hashtags(in texts: [String?]) -> [String] {
        var tags: [String] = []
        for text in texts.compactMap({ $0 }) {
            var rest = Substring(text)
            while let hash = rest.firstIndex(of: "#") {
                // A tag starts a word: "#cats" and "(#cats", never "C#" or "a#b".
                let before = hash > rest.startIndex ? rest[rest.index(before: hash)] : " "
                let name = rest[rest.index(after: hash)...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                rest = rest[rest.index(after: hash)...]
                guard !(before.isLetter || before.isNumber || before == "_"), !name.isEmpty, name.count <= maxLength,
                      !name.allSatisfy(\.isNumber) else { continue }
                let tag = name.lowercased()
                if !tags.contains(tag) { tags.append(tag) }
                if tags.count == maxTags { return tags }
            }
        }
        return tags
    }
}
