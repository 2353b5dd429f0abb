// Pure: values only, imports Foundation at most.

import Foundation

/// Whether a picture an RSS or Atom item names is its author's avatar or
/// an icon rather than a post: blogs list each author's gravatar as a
/// `media:content` beside the post's pictures (WordPress.com titles it
/// with the author's login, not the display name `dc:creator` gives).
/// The table `avatar-rules.json` is the spec.
public enum AvatarRule {
    /// Pictures smaller than this on a side that says its size are icons, in pixels.
    public static let iconPixels = 200

    /// What an item says about one of its pictures.
    public struct Picture: Sendable, Equatable, Codable {
        public var url: String
        /// Its `media:title`.
        public var title: String?
        /// Its `media:credit`s: role (`author`…) and the name credited.
        public var credits: [Credit] = []
        /// Its `width` and `height` attributes, in pixels.
        public var width: Int?
        public var height: Int?

        public struct Credit: Sendable, Equatable, Codable {
            public var role: String?
            public var name: String?
            public init(role: String?, name: String?) {
                self.role = role
                self.name = name
            }
        }

        public init(url: String, title: String? = nil, credits: [Credit] = [], width: Int? = nil, height: Int? = nil) {
            self.url = url
            self.title = title
            self.credits = credits
            self.width = width
            self.height = height
        }

        public init(from decoder: any Decoder) throws {
            let values = try decoder.container(keyedBy: CodingKeys.self)
            self.init(url: try values.decode(String.self, forKey: .url),
                      title: try values.decodeIfPresent(String.self, forKey: .title),
                      credits: try values.decodeIfPresent([Credit].self, forKey: .credits) ?? [],
                      width: try values.decodeIfPresent(Int.self, forKey: .width),
                      height: try values.decodeIfPresent(Int.self, forKey: .height))
        }
    }

    /// Whether `picture` is an avatar or an icon, for an item whose author
    /// is named `authors` (`dc:creator`, `author`, Atom's author name —
    /// display names, logins or `email (Name)`): a known avatar service's
    /// address; a size under ``iconPixels`` in its attributes (on both
    /// sides when both are given) or its
    /// address (`?s=96`); a title `author` or naming an author; a credit
    /// whose role is `author` or that names one.
    public static func isAvatar(_ picture: Picture, authors: [String]) -> Bool {
        if isAvatarAddress(picture.url) { return true }
        // Both sides when both are given (a wide banner is a post), else the one.
        let sides = [picture.width, picture.height].compactMap { $0 }.filter { $0 > 0 }
        if !sides.isEmpty, sides.allSatisfy({ $0 < iconPixels }) { return true }
        if let hinted = sizeHint(picture.url), hinted < iconPixels { return true }
        let names = Set(authors.flatMap(nameForms).filter { !$0.isEmpty })
        if let title = picture.title.map(normalized) {
            if title == "author" || names.contains(title) { return true }
        }
        return picture.credits.contains {
            $0.role?.lowercased() == "author" || $0.name.map { names.contains(normalized($0)) } == true
        }
    }

    /// Gravatar's addresses (`gravatar.com/avatar/`, any of its hosts) and
    /// WordPress.com's (`*.wp.com/avatar`).
    static func isAvatarAddress(_ url: String) -> Bool {
        guard let parts = URLComponents(string: url), let host = parts.host?.lowercased() else { return false }
        let path = parts.path.lowercased()
        if host == "gravatar.com" || host.hasSuffix(".gravatar.com") { return path.hasPrefix("/avatar") }
        if host == "wp.com" || host.hasSuffix(".wp.com") { return path.hasPrefix("/avatar") || path.contains("/avatar/") }
        return false
    }

    /// A size the address asks for (`s`, `size`, `w`, `h`, `width`,
    /// `height` in its query), the smallest when several; nil for none.
    static func sizeHint(_ url: String) -> Int? {
        guard let items = URLComponents(string: url)?.queryItems else { return nil }
        let keys: Set<String> = ["s", "size", "w", "h", "width", "height"]
        return items.filter { keys.contains($0.name.lowercased()) }.compactMap { $0.value.flatMap { Int($0) } }
            .filter { $0 > 0 }.min()
    }

    /// An author as titles and credits may name them: the whole name, the
    /// name in `email (Name)`, the email's local part.
    static func nameForms(_ author: String) -> [String] {
        var forms = [normalized(author)]
        if let open = author.firstIndex(of: "("), let close = author.lastIndex(of: ")"), open < close {
            forms.append(normalized(String(author[author.index(after: open)..<close])))
        }
        if let at = author.firstIndex(of: "@") {
            let local = author[..<at].split(whereSeparator: \.isWhitespace).last.map(String.init) ?? ""
            forms.append(normalized(local))
        }
        return forms
    }

    /// Lower case, letters and digits only: `Jaime Torres` and `jaime_torres` read alike.
    static func normalized(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }
}
