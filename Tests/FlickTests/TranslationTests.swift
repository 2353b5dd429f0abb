import FeedGObject
import Foundation
import Testing

/// Flick speaks the user's language: the catalogues are complete and well
/// formed, and no word a user sees escapes gettext.
@Suite("Translations")
struct TranslationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("every catalogue compiles (msgfmt --check) and translates every string xgettext finds, nothing fuzzy")
    func cataloguesAreComplete() throws {
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/bin/bash")
        script.arguments = [Self.root.appendingPathComponent("po/check-translations.sh").path, Self.root.path]
        let output = Pipe()
        script.standardOutput = output
        script.standardError = output
        try script.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        script.waitUntilExit()
        #expect(script.terminationStatus == 0, "\(text)")
    }

    /// The calls that put words on screen or in a screen reader's ear.
    static let showing = #"(gtk_label_new|gtk_label_set_text|gtk_button_new_with_label|gtk_button_new_with_mnemonic|gtk_button_set_label|gtk_widget_set_tooltip_text|setAccessibleLabel|setAccessibleDescription|_set_title|_set_subtitle|_set_description|_set_comments|adw_message_dialog_new|adw_message_dialog_add_response|adw_toast_new|gtk_file_chooser_native_new|showToast|showError|showEmpty|showLoading|EntryDialog\.make|Row\(|errorCard\.show|say)\("#
    /// Files whose words are for tools and developers, in stable English:
    /// the diagnostics overlay, the debug info, D-Bus names, the stress tooling.
    static let allowed = ["Diagnostics", "DebugInfo", "MPRIS", "Stress"]

    @Test("no user-visible Swift literal escapes tr(): every string given to a label, button, tooltip, accessible name, dialog or toast is translated")
    func noLiteralEscapes() throws {
        let showing = try NSRegularExpression(pattern: Self.showing)
        // A literal that reads as words: a capital or mnemonic first, a letter after.
        let words = try NSRegularExpression(pattern: #"(?<!tr\()(?<!trc\("[^"]{1,40}", )"(_?[A-Z][^"\\]*[a-z][^"\\]*)""#)
        var escaped: [String] = []
        for module in ["Flick", "FeedUI"] {
            let base = Self.root.appendingPathComponent("Sources/\(module)")
            let walker = try #require(FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil))
            for case let url as URL in walker where url.pathExtension == "swift" {
                guard !Self.allowed.contains(where: { url.path.contains($0) }) else { continue }
                let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                for (number, line) in lines.enumerated() {
                    let code = String(line).components(separatedBy: " // ").first ?? ""
                    let range = NSRange(code.startIndex..., in: code)
                    guard !code.trimmingCharacters(in: .whitespaces).hasPrefix("//"),
                          showing.firstMatch(in: code, range: range) != nil,
                          words.firstMatch(in: code, range: range) != nil else { continue }
                    escaped.append("\(url.path.dropFirst(Self.root.path.count + 1)):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(escaped.isEmpty, "\(escaped.joined(separator: "\n"))")
    }

    @Test("a filled template puts each value in its numbered place, in any order")
    func filledTemplates() {
        #expect("%2$s, %1$s".filled("a", "b") == "b, a")
        #expect("%s and %s".filled("x", "y") == "x and y")
        #expect("100%% of %1$s".filled("it") == "100% of it")
        // An override a title leaves open ends with the title, not the sentence.
        #expect("Saved “%1$s” to %2$s".filled("\u{202E}evil", "Videos") == "Saved “\u{2068}\u{202E}evil\u{2069}” to Videos")
        #expect("%1$s then %3$s".filled("only") == "only then ")
        #expect("trailing %".filled() == "trailing %")
    }
}
