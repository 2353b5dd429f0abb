import FeedCore
import Foundation

/// The bounds every value of a feed must keep, applied once where a feed
/// page is read (``FeedDocument``) so that nothing downstream has to
/// re-check: a label never lays out megabytes of text, a number never
/// overflows a conversion, a key never names a huge file. Pure.
enum FeedValueRules {
    /// Longest shown text (title, subtitle, author, accessibility label), in
    /// Unicode scalars; longer text is cut on a character boundary with "…".
    static let maxTextScalars = 2_000
    /// Longest id or cache key, in Unicode scalars; a longer one refuses the item.
    static let maxKeyScalars = 1_000
    /// Longest media address (`uri`, `poster`, `likeURL`), in UTF-8 bytes.
    static let maxURLBytes = 8_192
    /// Most headers an item may ask for, and the longest value, in UTF-8 bytes.
    static let maxHeaders = 32
    static let maxHeaderValueBytes = 8_192
    /// Captions files of one item read at most (the rest are left out).
    static let maxCaptions = 16
    /// Widths and heights, in pixels.
    static let pixelRange = 1...100_000
    /// Durations, in seconds: up to a week.
    static let durationRange = 0.0...604_800
    /// Like counts.
    static let likesRange = 0...1_000_000_000_000_000

    /// Most combining marks kept on one character: enough for any script's
    /// accents and vowel signs, few enough that a title of stacked marks
    /// cannot draw far above and below its line over the rest of the page.
    static let maxMarksInRow = 6

    /// `text` with C0 control characters other than line feed and tab
    /// removed, combining marks past ``maxMarksInRow`` in a row dropped,
    /// cut to `maxTextScalars` on a character boundary (an ellipsis marks
    /// the cut); nil stays nil. Cost is bounded by the limit, not by the
    /// length of `text`.
    static func boundedText(_ text: String?) -> String? {
        guard let text else { return nil }
        var scalars = String.UnicodeScalarView()
        var cut = false
        var marksInRow = 0
        var examined = 0
        for scalar in text.unicodeScalars {
            // Dropped scalars count too, so the cost stays bounded.
            examined += 1
            if examined > 16 * maxTextScalars {
                cut = true
                break
            }
            if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || scalar.value == 0x7F { continue }
            let category = scalar.properties.generalCategory
            if category == .nonspacingMark || category == .enclosingMark {
                marksInRow += 1
                if marksInRow > maxMarksInRow { continue }
            } else {
                marksInRow = 0
            }
            if scalars.count == maxTextScalars {
                cut = true
                break
            }
            scalars.append(scalar)
        }
        guard cut else { return String(scalars) }
        // The last character may have been cut inside a grapheme cluster
        // (a letter and its combining marks): drop it whole.
        var bounded = String(scalars)
        if !bounded.isEmpty { bounded.removeLast() }
        return bounded + "…"
    }

    /// Seconds since 1970 of an RFC 3339 / ISO 8601 time (with or without
    /// fractions of a second); nil for anything else, a text over 64
    /// bytes, or a time before 1970 or past the year 3000.
    static func published(_ text: String?) -> Double? {
        guard let text, !text.isEmpty, text.utf8.count <= 64,
              let date = (try? Date(text, strategy: wholeSeconds)) ?? (try? Date(text, strategy: fractionalSeconds)) else { return nil }
        let seconds = date.timeIntervalSince1970
        return seconds.isFinite && seconds >= 0 && seconds < 32_503_680_000 ? seconds : nil
    }

    /// The two shapes of `published`, made once (a page reads up to 1,000).
    private static let wholeSeconds = Date.ISO8601FormatStyle()
    private static let fractionalSeconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// Whether an id or cache key is within bounds.
    static func isKeySized(_ text: String) -> Bool {
        text.unicodeScalars.count <= maxKeyScalars
    }

    /// Whether `text` holds a control character (C0, DEL or C1), which no
    /// address or header may carry (a NUL would cut the C string libsoup sees).
    static func hasControlCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}
