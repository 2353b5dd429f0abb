import FeedCore
import Foundation
import Testing

@Suite("taste.json: written whole and sorted, read back only when it is all Flick's")
struct TasteFileTests {
    @Test("what is written reads back the same")
    func roundTrip() throws {
        var taste = Taste()
        taste.learn(.like, about: [.source("https://a.example/feed.json"), .author("@ana"), .tag("cats")], now: 1_000)
        taste.learn(.quickSkip, about: [.source("folder:/videos")], now: 2_000)
        let bytes = TasteFile.encoded(taste)
        #expect(try TasteFile.decoded(bytes).get() == taste)
        #expect(TasteFile.encoded(taste) == bytes, "the same taste writes the same bytes")
    }

    @Test("a file that is not all Flick's is refused whole", arguments: [
        ("", TasteFile.Refusal.notTheFormat),
        ("{\"version\": 1, \"entries\": [{\"key\": \"tag:cats\", \"value\": 1, \"at\"", .notTheFormat),
        ("{\"version\": 2, \"entries\": \"something new\"}", .otherVersion(2)),
        ("{\"version\": 1, \"entries\": [{\"key\": \"tag:cats\", \"value\": 1, \"at\": -5}]}", .badEntry("tag:cats")),
        ("{\"version\": 1, \"entries\": [{\"key\": \"colour:red\", \"value\": 1, \"at\": 5}]}", .badEntry("colour:red")),
        ("{\"version\": 1, \"entries\": [{\"key\": \"tag:cats\", \"value\": 1e400, \"at\": 5}]}", .notTheFormat),
    ])
    func refused(text: String, refusal: TasteFile.Refusal) {
        #expect(TasteFile.decoded(Array(text.utf8)) == .failure(refusal), "\(text)")
    }

    @Test("a file over 1 MiB is not read at all")
    func tooLarge() {
        #expect(TasteFile.decoded([UInt8](repeating: 0x20, count: TasteFile.maxBytes + 1)) == .failure(.tooLarge))
    }

    @Test("10,000 keys of long names still write under 1 MiB, the weakest dropped")
    func bounded() throws {
        var entries: [TasteKey: Taste.Affinity] = [:]
        for number in 0..<Taste.maxEntries {
            entries[.author(String(repeating: "x", count: 200) + "\(number)")] = .init(value: Double(number) / 1_000, at: 0)
        }
        let bytes = TasteFile.encoded(Taste(entries: entries))
        #expect(bytes.count <= TasteFile.maxBytes)
        let read = try TasteFile.decoded(bytes).get()
        #expect(read.entries.count < Taste.maxEntries)
        #expect(read.affinity(.author(String(repeating: "x", count: 200) + "9999"), now: 0) == 9.999, "the strongest stays")
    }
}
