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
