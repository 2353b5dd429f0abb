import Testing
import FeedCore

struct CaptionSidecarRow: TableRow {
    struct Found: Codable, Sendable, Equatable {
        var name: String
        var language: String?
    }
    var name: String
    var video: String
    var names: [String]
    var expected: [Found]
}

struct CaptionChoiceRow: TableRow {
    var name: String
    var tracks: [String?]
    var preferred: [String]
    var expected: Int?
}

@Suite("Captions: sidecar files, the user's language, bounds")
struct CaptionChoiceTests {
    @Test("the captions beside a clip are found by name, as each row expects",
          arguments: try Table.rows("caption-sidecars.json", as: CaptionSidecarRow.self))
    func sidecars(row: CaptionSidecarRow) {
        let found = CaptionChoice.sidecars(of: row.video, among: row.names).map { CaptionSidecarRow.Found(name: $0.name, language: $0.language) }
        #expect(found == row.expected, "\(row.name)")
    }

    @Test("the track in the user's language is shown, as each row expects",
          arguments: try Table.rows("caption-choice.json", as: CaptionChoiceRow.self))
    func choice(row: CaptionChoiceRow) {
        #expect(CaptionChoice.pick(row.tracks, preferred: row.preferred) == row.expected, "\(row.name)")
    }

    @Test("a cue is shown trimmed, without blank lines, and at most 300 characters")
    func shownText() {
        #expect(CaptionChoice.shownText("  Hello \n\n  world  ") == "Hello\nworld")
        let long = CaptionChoice.shownText(String(repeating: "a", count: 1_000_000))
        #expect(long.count == 300 && long.hasSuffix("…"))
        #expect(CaptionChoice.shownText("") == "")
    }
}

struct CaptionFormatRow: TableRow {
    var name: String
    var file: String?
    var mimeType: String?
    var address: String?
    var expected: CaptionFormat?
}

@Suite("Captions: the format a file declares")
struct CaptionFormatTests {
    @Test("a captions file's format comes from its name or its MIME type, as each row expects",
          arguments: try Table.rows("caption-formats.json", as: CaptionFormatRow.self))
    func declared(row: CaptionFormatRow) {
        let format = row.file.map { CaptionFormat(fileName: $0) }
            ?? CaptionFormat.declared(mimeType: row.mimeType, address: row.address ?? "")
        #expect(format == row.expected, "\(row.name)")
    }

    @Test("each format names the caps of GStreamer's subtitle parser")
    func caps() {
        #expect(CaptionFormat.subRip.caps == "application/x-subtitle")
        #expect(CaptionFormat.webVTT.caps == "application/x-subtitle-vtt")
        #expect(Set(CaptionChoice.extensions) == ["srt", "vtt"])
    }
}
