import CGLib
import Foundation

/// Flick's words in the user's language, through gettext (GLib's
/// `g_dgettext` family on the `flick` domain).
///
/// Every string a user sees goes through ``tr(_:)``, ``trn(_:_:_:)`` or
/// ``trc(_:_:)``, which take string literals only (`StaticString`), so
/// `xgettext` finds each one (`po/POTFILES.in`; the keywords are in
/// `po/meson.build`). A sentence with values in it is one template with
/// numbered places (`%1$s`), filled by ``Swift/String/filled(_:)``, so a
/// translator sees the whole sentence and may reorder it. Strings for
/// tools (`--report-state`, error code names, logs, bench JSON) stay in
/// stable English and are never marked.
public enum Translation {
    /// The gettext domain: the `.mo` files are `flick.mo`.
    public static let domain = "flick"

    /// Binds the domain to the catalogues under `localeDirectory`
    /// (`<dir>/<lang>/LC_MESSAGES/flick.mo`), in UTF-8, and takes the
    /// locale from the environment. Once, at start, before any word is looked up.
    public static func bind(localeDirectory: String) {
        setlocale(LC_ALL, "")
        bindtextdomain(domain, localeDirectory)
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// `value` written for the user's locale (digit grouping: 12,345 or 12.345).
    public static func number(_ value: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 32)
        let written = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%'ld", $0) }
        guard written > 0 else { return String(value) }
        return String(cString: buffer)
    }

    /// `bytes` for the user's locale and units ("1.2 MB", GLib's decimal units).
    public static func size(_ bytes: Int64) -> String {
        guard let text = g_format_size(guint64(clamping: max(0, bytes))) else { return String(bytes) }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Where the catalogues are: `$FLICK_LOCALE_DIR` (an uninstalled build,
    /// the tests), else `share/locale` beside the installed program's `bin/`.
    public static var localeDirectory: String {
        if let dir = ProcessInfo.processInfo.environment["FLICK_LOCALE_DIR"], !dir.isEmpty { return dir }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("share/locale").path
    }
}

/// `message` in the user's language.
public func tr(_ message: StaticString) -> String {
    return String(cString: g_dgettext(Translation.domain, message.cStringPointer))
}

/// The singular or plural of a message with a count, in the user's
/// language (whose plural rules may have more than two forms).
public func trn(_ singular: StaticString, _ plural: StaticString, _ count: Int) -> String {
    String(cString: g_dngettext(Translation.domain, singular.cStringPointer, plural.cStringPointer, gulong(clamping: max(0, count))))
}

/// `message` in the user's language where the same English word means
/// different things: `context` tells the translator which.
public func trc(_ context: StaticString, _ message: StaticString) -> String {
    String(cString: g_dpgettext2(Translation.domain, context.cStringPointer, message.cStringPointer))
}

private extension StaticString {
    /// The literal's bytes as a C string (literals are NUL-terminated).
    var cStringPointer: UnsafePointer<CChar> {
        UnsafeRawPointer(utf8Start).assumingMemoryBound(to: CChar.self)
    }
}

extension String {
    /// A translated template with its numbered places filled: `%1$s` is
    /// `values[0]`, `%2$s` `values[1]`…; a plain `%s` takes the next value
    /// in order; `%%` is a percent sign. A place with no value stays empty.
    /// A value carrying bidirectional controls (a title with a right-to-left
    /// override from a feed) is isolated (U+2068 … U+2069), so an override
    /// it leaves open never reorders the words of the sentence around it.
    public func filled(_ values: String...) -> String {
        let values = values.map(Self.isolated)
        var result = ""
        var next = 0
        var rest = Substring(self)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            if after.hasPrefix("%") {
                result += "%"
                rest = after.dropFirst()
            } else if after.hasPrefix("s") {
                result += next < values.count ? values[next] : ""
                next += 1
                rest = after.dropFirst()
            } else if let dollar = after.firstIndex(of: "$"), let number = Int(after[..<dollar]), number >= 1,
                      after[after.index(after: dollar)...].hasPrefix("s") {
                result += number <= values.count ? values[number - 1] : ""
                rest = after[after.index(dollar, offsetBy: 2)...]
            } else {
                result += "%"
                rest = after
            }
        }
        return result + rest
    }

    /// `value` between first-strong isolate and pop-directional isolate
    /// when it holds an embedding, override or isolate control; else as it is.
    static func isolated(_ value: String) -> String {
        let controls: ClosedRange<UInt32> = 0x202A...0x202E
        let isolates: ClosedRange<UInt32> = 0x2066...0x2069
        guard value.unicodeScalars.contains(where: { controls.contains($0.value) || isolates.contains($0.value) }) else {
            return value
        }
        return "\u{2068}" + value + "\u{2069}"
    }
}
