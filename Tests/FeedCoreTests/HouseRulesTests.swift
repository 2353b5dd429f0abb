import Foundation
import Testing

/// The shape of the house, read from the sources: which layer may import
/// what, which engine types the view may name, one way to the GTK thread
/// and files a newcomer can read. Each rule fails with the file and line
/// that breaks it.
@Suite("House rules")
struct HouseRulesTests {
    /// The package's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift file below `Sources/<module>` (all modules when nil), with its lines.
    static func sources(_ module: String? = nil) throws -> [(path: String, lines: [Substring])] {
        let base = root.appendingPathComponent("Sources").appendingPathComponent(module ?? "")
        let walker = try #require(FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil))
        var files: [(String, [Substring])] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            let path = String(url.path.dropFirst(root.path.count + 1))
            files.append((path, text.split(separator: "\n", omittingEmptySubsequences: false)))
        }
        #expect(!files.isEmpty, "no sources found below \(base.path)")
        return files.sorted { $0.0 < $1.0 }
    }

    /// Lines of code (not comments) matching `pattern`, as "path:line: text".
    static func offending(_ files: [(path: String, lines: [Substring])], _ pattern: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        var found: [String] = []
        for file in files {
            for (number, line) in file.lines.enumerated() {
                let code = String(line).components(separatedBy: "//").first ?? ""
                let range = NSRange(code.startIndex..., in: code)
                if regex.firstMatch(in: code, range: range) != nil {
                    found.append("\(file.path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        return found
    }

    @Test("FeedCore imports Foundation only")
    func coreIsPure() throws {
        let found = try Self.offending(Self.sources("FeedCore"), #"^\s*import\s+(?!Foundation\b)"#)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("FeedMedia never imports GTK or the view")
    func mediaHasNoWidgets() throws {
        let found = try Self.offending(Self.sources("FeedMedia"), #"^\s*import\s+(CGtk|CEpoxy|FeedUI)\b"#)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("FeedUI imports no GStreamer or libsoup and names no engine part but the session's surface")
    func viewTalksToTheSessionOnly() throws {
        let files = try Self.sources("FeedUI")
        let imports = try Self.offending(files, #"^\s*import\s+(CGStreamer|CSoup|CXML)\b"#)
        #expect(imports.isEmpty, "\(imports.joined(separator: "\n"))")
        let engine = try Self.offending(files,
            #"\b(PlayerPool|VideoPlayer|MediaCache|RetryPolicy|PreloadPolicy|SessionPictures|RemoteStillSource|PictureAnimation)\b|\.pictures\b|\bpictures\."#)
        #expect(engine.isEmpty, "\(engine.joined(separator: "\n"))")
    }

    @Test("every hand-over to the GTK thread goes through MainThreadHop")
    func oneWayToTheGTKThread() throws {
        let found = try Self.offending(Self.sources(), #"DispatchQueue\.main\b"#)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// Setters and properties of GTK and libadwaita that read Pango markup.
    static let markupSetters = #"\b(adw_toast_new|adw_toast_set_title|adw_status_page_set_description|adw_preferences_row_set_title|adw_action_row_set_subtitle|adw_expander_row_set_subtitle|adw_preferences_row_set_use_markup|adw_message_dialog_set_(heading|body)_use_markup|adw_message_dialog_format_body_markup|gtk_label_set_markup|gtk_label_set_use_markup|gtk_label_new_with_markup|gtk_widget_set_tooltip_markup|gtk_progress_bar_set_text_markup)\b|"use-markup"|"markup""#

    @Test("text reaches a markup-reading widget only through PlainText, which escapes it")
    func markupHasOneDoor() throws {
        let found = try Self.offending(Self.sources(), Self.markupSetters)
            .filter { !$0.hasPrefix("Sources/Flick/Support/PlainText.swift:") }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("no source file is over 400 lines")
    func filesStaySmall() throws {
        let long = try Self.sources().filter { $0.lines.count > 401 }.map { "\($0.path): \($0.lines.count - 1) lines" }
        #expect(long.isEmpty, "\(long.joined(separator: "\n"))")
    }

    /// Most stored properties a class or actor may keep: past this, the
    /// type holds more than one kind of state and is split by what it owns.
    /// Value records (a report's keys, a command line's flags) are structs
    /// and not counted.
    static let storedPropertyLimit = 18

    @Test("no class keeps more than 18 stored properties")
    func typesOwnOneKindOfState() throws {
        let declaration = try NSRegularExpression(pattern: #"^\s*(@\w+\s+)*((public|package|private|fileprivate|internal|final|nonisolated)\s+)*(class|actor)\s+(\w+)\b[^{]*\{\s*$"#)
        let property = try NSRegularExpression(pattern: #"^\s*(@\w+(\([^)]*\))?\s+)*((public|package|private|fileprivate|internal|nonisolated|weak|lazy|unowned|final)(\([a-z]+\))?\s+)*(var|let)\s"#)
        func matches(_ regex: NSRegularExpression, _ text: String) -> NSTextCheckingResult? {
            regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        }
        var large: [String] = []
        for file in try Self.sources() {
            let lines = file.lines.map { String($0).components(separatedBy: "//").first ?? "" }
            for (start, line) in lines.enumerated() {
                guard let found = matches(declaration, line), let nameRange = Range(found.range(at: 5), in: line) else { continue }
                var depth = 1
                var count = 0
                var index = start + 1
                while index < lines.count, depth > 0 {
                    let code = lines[index]
                    if depth == 1, matches(property, code) != nil, !code.contains("static ") {
                        let head = code.components(separatedBy: "{").first ?? code
                        let next = lines.dropFirst(index + 1).first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
                        let observed = next.contains("didSet") || next.contains("willSet") || code.contains("didSet")
                        // A computed property opens a body with no `=` before it.
                        if !code.contains("{") || head.contains("=") || observed { count += 1 }
                    }
                    depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
                    index += 1
                }
                if count > Self.storedPropertyLimit {
                    large.append("\(file.path):\(start + 1): \(line[nameRange]) keeps \(count) stored properties")
                }
            }
        }
        #expect(large.isEmpty, "\(large.joined(separator: "\n"))")
    }
}
