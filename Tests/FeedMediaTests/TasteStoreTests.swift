import FeedCore
import FeedGObject
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

@MainActor
@Suite("taste.json on disk: read bounded, set aside when refused, written atomically, forgotten at once")
struct TasteStoreTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-taste-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A store over `file`, once it has read it; what it said when it set the file aside.
    static func opened(_ file: URL) async -> (TasteStore, [String]) {
        let store = TasteStore(file: file)
        var setAside: [String] = []
        store.onSetAside = { setAside.append($0) }
        #expect(await pumpUntil(10) { store.isLoaded })
        return (store, setAside)
    }

    nonisolated static let good = #"{"entries":[{"at":1000,"key":"source:a","value":3}],"version":1}"#

    @Test("a file Flick wrote is read back")
    func readsBack() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("taste.json")
        try Self.good.write(to: file, atomically: true, encoding: .utf8)
        let (store, setAside) = await Self.opened(file)
        #expect(setAside.isEmpty)
        #expect(store.taste.affinity(.source("a"), now: 1000) == 3)
    }

    @Test("truncated, NaN, a negative time, a future version: each set aside whole, learning starts again",
          arguments: [String(good.prefix(30)), #"{"entries":[{"at":1,"key":"source:a","value":NaN}],"version":1}"#,
                      #"{"entries":[{"at":-5,"key":"source:a","value":1}],"version":1}"#, #"{"entries":[],"version":2}"#])
    func damaged(text: String) async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("taste.json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let (store, _) = await Self.opened(file)
        #expect(store.taste.entries.isEmpty)
        let aside = folder.appendingPathComponent("taste.json.set-aside")
        #expect(await pumpUntil(5) { FileManager.default.fileExists(atPath: aside.path) }, "kept aside for a look")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("a 100 MB file is refused without being read")
    func huge() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("taste.json")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 100 * 1_048_576) // sparse: no 100 MB written
        try handle.close()
        let (store, _) = await Self.opened(file)
        #expect(store.taste.entries.isEmpty)
        #expect(await pumpUntil(5) { FileManager.default.fileExists(atPath: file.path + ".set-aside") })
    }

    @Test("a symbolic link is not followed, and what it points to is left as it is")
    func link() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("elsewhere.json")
        try Self.good.write(to: target, atomically: true, encoding: .utf8)
        let file = folder.appendingPathComponent("taste.json")
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
        let (store, _) = await Self.opened(file)
        #expect(store.taste.entries.isEmpty, "nothing read through the link")
        #expect(await pumpUntil(5) { (try? FileManager.default.destinationOfSymbolicLink(atPath: file.path + ".set-aside")) != nil },
                "the link itself is set aside")
        #expect(try String(contentsOf: target, encoding: .utf8) == Self.good)
    }

    @Test("a FIFO is refused at once, never waited on")
    func fifo() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("taste.json")
        #expect(mkfifo(file.path, 0o600) == 0)
        let (store, _) = await Self.opened(file)
        #expect(store.isLoaded && store.taste.entries.isEmpty)
    }

    @Test("learning is written to disk off the GTK thread, whole; off, nothing is learned; Forget empties the file at once")
    func learnWriteForget() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("taste.json")
        let (store, _) = await Self.opened(file)
        store.learn(.like, about: [.source("a"), .tag("cats")], now: 2000)
        let written = await pumpUntil(5) {
            guard let data = try? Data(contentsOf: file), case .success(let taste) = TasteFile.decoded(Array(data)) else { return false }
            return taste.affinity(.source("a"), now: 2000) == 1.5
        }
        #expect(written)
        store.learning = false
        store.learn(.save, about: [.source("b")], now: 2000)
        #expect(store.taste.affinity(.source("b"), now: 2000) == 0)
        store.forget()
        #expect(store.taste.entries.isEmpty)
        #expect(await pumpUntil(5) { (try? String(contentsOf: file, encoding: .utf8))?.contains(#""entries":[]"#) == true })
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "taste.json" }
        #expect(leftovers.isEmpty, "no temporary file left: \(leftovers)")
    }
}
