import FeedCore
import Testing

struct ResumeRow: TableRow {
    var name: String
    var point: ResumePoint
    var ids: [String]
    var index: Int?
    var seconds: Double?
}

/// The sidebar's sources and where each was left.
struct SourceLibraryTests {
    @Test("where a source reopens is the row's", arguments: try Table.rows("resume.json", as: ResumeRow.self))
    func resume(row: ResumeRow) {
        let landing = row.point.landing(in: row.ids)
        #expect(landing?.index == row.index && landing?.seconds == row.seconds, "\(row.name): \(String(describing: landing))")
    }

    @Test("adding lists a source once, by address; rename, remove and move change only what they name")
    func operations() {
        var library = SourceLibrary()
        #expect(library.entries == [SourceLibrary.demo])
        let tag = SourceLibrary.Entry(kind: .mastodon, name: "  #cats on m.example\n", address: "mastodon:m.example/tags/cats")
        #expect(library.add(tag) == 1)
        #expect(library.entries[1].name == "#cats on m.example", "trimmed")
        #expect(library.add(SourceLibrary.Entry(kind: .mastodon, name: "again", address: tag.address)) == 1, "listed once")
        library.add(SourceLibrary.Entry(kind: .folder, name: "", address: "/home/ana/Videos"))
        #expect(library.entries[2].name == "/home/ana/Videos", "an empty name is the address")
        library.rename(at: 1, to: "Cats")
        library.rename(at: 1, to: "   ")
        #expect(library.entries[1].name == "Cats", "an empty rename keeps the name")
        #expect(library.move(at: 2, by: -1) == 1)
        #expect(library.entries.map(\.kind) == [.demo, .folder, .mastodon])
        #expect(library.move(at: 0, by: -5) == 0, "clamped")
        #expect(library.remove(at: 1)?.kind == .folder)
        #expect(library.remove(at: 9) == nil)
        #expect(library.entries.map(\.kind) == [.demo, .mastodon])
        #expect(SourceLibrary(entries: library.entries) == library)
    }

    @Test("a library never grows past its bound; the demo stays")
    func bounded() {
        var library = SourceLibrary()
        for index in 0..<(SourceLibrary.maxEntries + 20) {
            library.add(SourceLibrary.Entry(kind: .feed, name: "Feed \(index)", address: "https://f\(index).example/feed"))
        }
        #expect(library.entries.count == SourceLibrary.maxEntries)
        #expect(library.entries.first == SourceLibrary.demo)
        #expect(library.entries.last?.address == "https://f\(SourceLibrary.maxEntries + 19).example/feed")
        #expect(library.add(SourceLibrary.Entry(kind: .feed, name: String(repeating: "x", count: 500), address: "a")) > 0)
        #expect(library.entries.last?.name.count == SourceLibrary.maxNameLength)
    }
}
