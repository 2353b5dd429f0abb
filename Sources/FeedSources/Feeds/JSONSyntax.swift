import Foundation
import FeedGObject

/// Says where and why bytes are not JSON. Pure.
///
/// Foundation's JSONDecoder on Linux reports only "not valid JSON";
/// JSONSerialization names the character where parsing stopped, which is
/// turned into a line and column here.
enum JSONSyntax {
    /// "the body is empty", "invalid value at line 3, column 7", ...; nil
    /// when the bytes are valid JSON after all.
    static func problem(in data: Data) -> String? {
        if data.isEmpty { return tr("the body is empty") }
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return tr("the body is blank") }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? ""
            return describe(detail, in: data)
        }
    }

    /// Rewrites "... around character N." as "... at line L, column C".
    static func describe(_ detail: String, in data: Data) -> String {
        var text = detail.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasSuffix(".") { text.removeLast() }
        if text.isEmpty { return tr("it could not be parsed") }
        guard let range = text.range(of: " around character "),
              let offset = Int(text[range.upperBound...]) else {
            return lowercasedFirst(text)
        }
        let (line, column) = position(ofByte: offset, in: data)
        // Translators: the JSON parser's own words ("invalid value"), then where it stopped.
        return tr("%1$s at line %2$s, column %3$s").filled(lowercasedFirst(String(text[..<range.lowerBound])),
                                                         String(line), String(column))
    }

    /// 1-based line and column of a byte offset (columns count bytes).
    static func position(ofByte offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in data.prefix(max(0, offset)) {
            if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    private static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
