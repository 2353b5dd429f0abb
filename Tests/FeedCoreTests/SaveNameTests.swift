import Foundation
import Testing
import FeedCore

/// One row of `save-names.json`.
struct SaveNameRow: TableRow {
    var name: String
    var title: String?
    var id: String
    var kind: FeedItem.Kind
    var uri: String
    var taken: [String]
    var expected: String
}

@Suite("Save names")
struct SaveNameTests {
    @Test("A saved post's file name is its title made safe, with its extension, unique in its folder",
          arguments: try Table.rows("save-names.json", as: SaveNameRow.self))
    func namesAreSafe(row: SaveNameRow) {
        let name = SaveName.make(title: row.title, id: row.id, kind: row.kind, mediaURI: row.uri) { row.taken.contains($0) }
        #expect(name == row.expected, "\(row.name)")
    }

    @Test("a 300-character title is cut to 100 characters and at most 200 bytes, multibyte letters whole")
    func longTitlesAreCut() throws {
        let ascii = try #require(SaveName.make(title: String(repeating: "a", count: 300), id: "x", kind: .video,
                                               mediaURI: "https://x.example/a.mp4") { _ in false })
        #expect(ascii == String(repeating: "a", count: 100) + ".mp4")
        let wide = try #require(SaveName.make(title: String(repeating: "ä", count: 300), id: "x", kind: .video,
                                              mediaURI: "https://x.example/a.mp4") { _ in false })
        let base = wide.dropLast(4)
        #expect(base.utf8.count <= SaveName.maxBytes && base.allSatisfy { $0 == "ä" } && base.count == 100)
    }
}
