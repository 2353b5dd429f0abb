// Pure: values only, imports Foundation at most.

/// The file name a saved post gets: its title (else its id) made safe for
/// any file system — no `/` or `\`, no control characters, no leading dot
/// (no hidden file, no `..`), at most ``maxCharacters`` characters and
/// ``maxBytes`` UTF-8 bytes — with an extension from its address when it
/// is one of its kind's (else its kind's usual one), and " (2)", " (3)"…
/// when the name is taken.
public enum SaveName {
    public static let maxCharacters = 100
    /// Below the 255 bytes of ext4, with room for " (999)" and an extension.
    public static let maxBytes = 200

    /// The name for a post titled `title` (id `id`, a `kind`) whose media
    /// is at `mediaURI`; `taken` says whether a name is in use.
    public static func make(title: String?, id: String, kind: FeedItem.Kind, mediaURI: String,
                            taken: (String) -> Bool) -> String? {
        let base = clean(title ?? "").nonEmpty ?? clean(id).nonEmpty ?? "Flick post"
        let ext = fileExtension(of: mediaURI).flatMap { extensions(kind).contains($0) ? $0 : nil } ?? defaultExtension(kind)
        for number in 1...999 {
            let name = number == 1 ? "\(base).\(ext)" : "\(base) (\(number)).\(ext)"
            if !taken(name) { return name }
        }
        return nil
    }

    /// `text` with every character a file name must not hold replaced or
    /// dropped, cut to the limits.
    static func clean(_ text: String) -> String {
        var out = ""
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            let isControl = scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                || scalar.properties.generalCategory == .lineSeparator || scalar.properties.generalCategory == .paragraphSeparator
            let character: Character = scalar == "/" || scalar == "\\" ? "-" : isControl || scalar.properties.isWhitespace ? " " : Character(scalar)
            if character == " " {
                if lastWasSpace || out.isEmpty { continue }
                lastWasSpace = true
            } else {
                lastWasSpace = false
            }
            out.append(character)
        }
        // No hidden files and no "." or "..": leading dots go, as do trailing spaces and dots.
        while let first = out.first, first == "." || first == " " || first == "-" { out.removeFirst() }
        var cut = ""
        for character in out {
            guard cut.count < maxCharacters, cut.utf8.count + String(character).utf8.count <= maxBytes else { break }
            cut.append(character)
        }
        while let last = cut.last, last == "." || last == " " { cut.removeLast() }
        return cut
    }

    /// The address's own extension when it is a plain short one ("mp4").
    static func fileExtension(of uri: String) -> String? {
        let path = uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? uri
        guard let last = path.split(separator: "/").last, let dot = last.lastIndex(of: ".") else { return nil }
        let ext = last[last.index(after: dot)...].lowercased()
        guard (1...5).contains(ext.count), ext.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        return ext
    }

    /// The extensions a saved post of `kind` may have: a server names no
    /// other (no `.sh`, no `.desktop`).
    static func extensions(_ kind: FeedItem.Kind) -> Set<String> {
        switch kind {
        case .video: ["mp4", "m4v", "webm", "mkv", "mov", "ogv"]
        case .image: ["jpg", "jpeg", "png", "gif", "webp", "avif", "heic"]
        case .audio: ["m4a", "mp3", "ogg", "oga", "opus", "flac", "wav", "aac"]
        }
    }

    static func defaultExtension(_ kind: FeedItem.Kind) -> String {
        switch kind {
        case .video: "mp4"
        case .image: "jpg"
        case .audio: "m4a"
        }
    }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
