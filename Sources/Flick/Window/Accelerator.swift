import CGLib
import CGtk
import Foundation

/// GTK accelerator strings (`<Control>r`, `Page_Down`, `question`) in one
/// spelling, so keys written in a table, kept by GtkApplication and held by
/// a shortcut controller compare equal.
@MainActor
enum Accelerator {
    /// GTK's own name for `text` (`<Primary>comma` → `<Control>comma`);
    /// nil when GTK cannot parse it.
    static func normalized(_ text: String) -> String? {
        var keyval: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        guard gtk_accelerator_parse(text, &keyval, &modifiers) != 0, keyval != 0,
              let name = gtk_accelerator_name(keyval, modifiers) else { return nil }
        defer { g_free(name) }
        return String(cString: name)
    }

    /// Each of `texts` normalized (unparsable ones kept as written, so a
    /// comparison shows them), sorted.
    static func normalized(_ texts: [String]) -> [String] {
        texts.map { normalized($0) ?? $0 }.sorted()
    }

    /// The strings of a NULL-terminated `char **`, which is then freed.
    static func strings(consuming vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String] {
        guard let vector else { return [] }
        defer { g_strfreev(vector) }
        var result: [String] = []
        var index = 0
        while let item = vector[index] {
            result.append(String(cString: item))
            index += 1
        }
        return result
    }
}
