// Pure: values only, imports Foundation at most.

import Foundation

/// Which captions a post shows and how much of them: the sidecar files
/// beside a local clip, the track in the user's language, and the bounds
/// that keep a hostile file harmless. The tables `caption-sidecars.json`
/// and `caption-choice.json` are the spec.
public enum CaptionChoice {
    /// The largest captions file Flick reads, in bytes (1 MiB).
    public static let maxFileBytes = 1 << 20
    /// The most characters of one cue shown; longer cues end in "…".
    public static let maxCueCharacters = 300
    /// The file endings GStreamer's subparse reads as captions.
    public static let extensions = CaptionFormat.allCases.map(\.fileExtension)

    /// The captions beside the clip `videoName` among the file names of its
    /// folder: `NAME.vtt`, `NAME.srt`, `NAME.LANG.vtt`, `NAME.LANG.srt`
    /// (LANG a language tag like `de` or `pt-BR`), in name order.
    public static func sidecars(of videoName: String, among names: [String]) -> [(name: String, language: String?)] {
        guard let dot = videoName.lastIndex(of: "."), dot != videoName.startIndex else { return [] }
        let stem = String(videoName[..<dot])
        var found: [(name: String, language: String?)] = []
        for name in names.sorted() where name != videoName && name.hasPrefix(stem + ".") {
            let rest = name.dropFirst(stem.count + 1)
            let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
            guard let last = parts.last, extensions.contains(last.lowercased()) else { continue }
            switch parts.count {
            case 1:
                found.append((name, nil))
            case 2 where isLanguageTag(parts[0]):
                found.append((name, String(parts[0])))
            default:
                continue
            }
        }
        return found
    }

    /// Whether `text` looks like a language tag: 2–3 letters, then
    /// optionally `-` or `_` and 2–8 letters or digits.
    static func isLanguageTag(_ text: Substring) -> Bool {
        let pieces = text.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "_" }
        guard let primary = pieces.first, (2...3).contains(primary.count), primary.allSatisfy(\.isASCIILetter),
              pieces.count <= 2 else { return false }
        guard pieces.count == 2 else { return true }
        return (2...8).contains(pieces[1].count) && pieces[1].allSatisfy { $0.isASCIILetter || $0.isASCIIDigit }
    }

    /// The longest language tag a feed may give, in UTF-8 bytes.
    public static let maxLanguageBytes = 35
    /// Bytes at the start of a captions file checked for a NUL.
    public static let sniffBytes = 4096

    /// `tag` when a feed's captions language is usable (a tag with a
    /// primary language, at most ``maxLanguageBytes``); nil: unknown.
    public static func acceptedLanguage(_ tag: String?) -> String? {
        guard let tag, tag.utf8.count <= maxLanguageBytes, primaryLanguage(tag) != nil else { return nil }
        return tag
    }

    /// Whether a file starting with `start` can be captions: no NUL byte in
    /// its first ``sniffBytes`` (text, not a binary file named `.srt`).
    public static func looksLikeText(_ start: some Sequence<UInt8>) -> Bool {
        !start.prefix(sniffBytes).contains(0)
    }

    /// The primary language of a tag or a locale name, lower-cased:
    /// `pt-BR` → `pt`, `de_DE.UTF-8` → `de`; nil for none or `C`/`POSIX`.
    public static func primaryLanguage(_ tag: String?) -> String? {
        guard let tag else { return nil }
        let primary = tag.split { $0 == "-" || $0 == "_" || $0 == "." || $0 == "@" }.first.map { $0.lowercased() }
        guard let primary, (2...3).contains(primary.count), primary.allSatisfy(\.isASCIILetter) else { return nil }
        return primary
    }

    /// The track to show of tracks in `languages` (nil: unknown), for a
    /// user whose languages are `preferred` (GLib's
    /// `g_get_language_names`, most wanted first): the first track in the
    /// first preferred language any track has, else the first track; nil
    /// without tracks.
    public static func pick(_ languages: [String?], preferred: [String]) -> Int? {
        guard !languages.isEmpty else { return nil }
        let tracks = languages.map(primaryLanguage)
        for wanted in preferred.compactMap(primaryLanguage) {
            if let index = tracks.firstIndex(of: wanted) { return index }
        }
        return 0
    }

    /// A cue as shown: its lines trimmed, blank lines dropped, at most
    /// ``maxCueCharacters`` characters.
    public static func shownText(_ cue: String) -> String {
        let lines = cue.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let text = lines.joined(separator: "\n")
        guard text.count > maxCueCharacters else { return text }
        return String(text.prefix(maxCueCharacters - 1)) + "…"
    }
}

private extension Character {
    var isASCIILetter: Bool { isASCII && isLetter }
    var isASCIIDigit: Bool { isASCII && isNumber }
}
