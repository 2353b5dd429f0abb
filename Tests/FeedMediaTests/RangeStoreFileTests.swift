import FeedCore
import FlickTestSupport
import Foundation
import Testing
@testable import FeedDemo
@testable import FeedMedia

@Suite("The range store's files on disk")
struct RangeStoreFileTests {
    typealias S = RangeStoreSupport

    @Test("files are 0600 in a 0700 folder, named by the key's SHA-256, never by its text")
    func privateHashedFiles() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let folder = temp.url.appendingPathComponent("io.github.flick.Flick/media")
        let store = try RangeStore(directory: folder)
        let key = CacheKey(kind: .video, source: "https://secret.example.org/clip.mp4?token=abc")
        try store.write(key, offset: 0, data: Data(count: 1_000))
        store.close()
        #expect(S.mode(folder) == 0o700)
        let names = S.files(in: folder)
        #expect(names.contains("index.json"))
        for name in names {
            #expect(S.mode(folder.appendingPathComponent(name)) == 0o600, "\(name)")
            #expect(!name.contains("secret") && !name.contains("clip") && !name.contains("token"), "\(name)")
        }
        let data = try #require(S.dataFiles(in: folder).first)
        #expect(data.hasPrefix(S.sha256(key.description) + "."))
    }

    @Test("a second store cannot open a folder in use until the first is closed")
    func oneStorePerFolder() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let first = try RangeStore(directory: temp.url)
        try first.write(S.video("held"), offset: 0, data: Data(count: 100))
        #expect(throws: CacheStoreError.self) { try RangeStore(directory: temp.url) }
        #expect(first.available(S.video("held"), from: 0) == 100, "the failed open deleted nothing")
        first.close()
        #expect(throws: CacheStoreError.self) { try first.write(S.video("held"), offset: 100, data: Data(count: 1)) }
        let second = try RangeStore(directory: temp.url)
        defer { second.close() }
        #expect(second.available(S.video("held"), from: 0) == 100)
    }

    @Test("opening in the background answers later, through the main loop: the folder's bytes, or why it cannot be used")
    @MainActor
    func opensInBackground() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let first = try RangeStore(directory: temp.url)
        try first.write(S.video("held"), offset: 0, data: Data(count: 100))
        nonisolated(unsafe) var answers: [Result<RangeStore, Error>] = []
        RangeStore.openInBackground(directory: temp.url, budgets: .init()) { answers.append($0) }
        #expect(answers.isEmpty, "the call returns before the folder is opened")
        #expect(await pumpUntil { answers.count == 1 })
        #expect(throws: CacheStoreError.self) { try answers.first?.get() } // the first store holds the folder
        first.close()
        RangeStore.openInBackground(directory: temp.url, budgets: .init()) { answers.append($0) }
        #expect(await pumpUntil { answers.count == 2 })
        let second = try #require(try answers.last?.get())
        defer { second.close() }
        #expect(second.available(S.video("held"), from: 0) == 100)
    }

    @Test("the index is written in the background soon after a write, without a flush")
    func debouncedIndex() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = try RangeStore(directory: temp.url)
        defer { store.close() }
        let key = S.video("debounced")
        try store.write(key, offset: 0, data: Data(count: 100))
        let index = temp.url.appendingPathComponent("index.json")
        let deadline = Date().addingTimeInterval(3)
        var written = false
        while Date() < deadline, !written {
            written = (try? String(contentsOf: index, encoding: .utf8))?.contains("debounced") ?? false
            if !written { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(written)
    }

    @Test("opening removes orphan data files and leftover temp files, and keeps what the index names")
    func orphans() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let key = S.video("kept")
        do {
            let store = try RangeStore(directory: temp.url)
            try store.write(key, offset: 0, data: Data(repeating: 9, count: 2_000))
            store.close()
        }
        let orphan = S.sha256("video:gone") + ".7.data"
        for name in [orphan, "index.json.tmp", "other.tmp"] {
            try Data(count: 10).write(to: temp.url.appendingPathComponent(name))
        }
        try Data("not ours".utf8).write(to: temp.url.appendingPathComponent("README"))
        let store = try RangeStore(directory: temp.url)
        defer { store.close() }
        let names = S.files(in: temp.url)
        #expect(!names.contains(orphan) && !names.contains("index.json.tmp") && !names.contains("other.tmp"))
        #expect(names.contains("README"), "files the store did not make are left alone")
        #expect(try store.read(key, offset: 0, length: 2_000) == Data(repeating: 9, count: 2_000))
    }

    /// A closed cache in `folder` holding 1,000 bytes of one video, so its
    /// index names one data file.
    private static func storeOneVideo(in folder: URL) throws {
        let store = try RangeStore(directory: folder)
        try store.write(S.video("x"), offset: 0, data: Data(count: 1_000))
        store.close()
    }

    @Test("a garbage, truncated or foreign-version index starts an empty cache without crashing",
          arguments: ["garbage \u{0}\u{1}\u{2}", "{\"version\":1,\"entries\":[{\"key\":", "{\"version\":99,\"nextIncarnation\":1,\"entries\":[]}", "",
                      // An index an older Flick wrote (version 1: keys not scoped by origin, no block checksums).
                      "{\"version\":1,\"nextIncarnation\":2,\"entries\":[{\"key\":\"video:https://media.example.org/x.mp4\",\"incarnation\":1,\"length\":1000,\"ranges\":{\"ranges\":[[0,1000]]},\"lastAccess\":1}]}"])
    func badIndex(_ text: String) throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        try Self.storeOneVideo(in: temp.url)
        try Data(text.utf8).write(to: temp.url.appendingPathComponent("index.json"))
        let store = try RangeStore(directory: temp.url)
        defer { store.close() }
        #expect(store.keys.isEmpty)
        #expect(S.dataFiles(in: temp.url).isEmpty, "the unnamed data file is an orphan now")
        try store.write(S.video("y"), offset: 0, data: Data(count: 10))
        #expect(store.status(S.video("y")) == .partial)
    }

    @Test("an index larger than 64 MiB is not read: the cache starts empty, whatever the file holds")
    func oversizedIndex() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        try Self.storeOneVideo(in: temp.url)
        let index = temp.url.appendingPathComponent("index.json")
        // Still a valid index: JSON allows any whitespace after the value.
        var padded = try Data(contentsOf: index)
        padded.append(Data(repeating: 0x20, count: Int(RangeStoreIndexFile.maxBytes)))
        try padded.write(to: index)
        let store = try RangeStore(directory: temp.url)
        defer { store.close() }
        #expect(store.keys.isEmpty)
        #expect(S.dataFiles(in: temp.url).isEmpty, "the data file no index names is an orphan")
    }

    @Test("a missing index starts empty; an entry whose file is missing or short is dropped at open")
    func verifiedAtOpen() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let short = S.video("short"), missing = S.video("missing"), fine = S.video("fine")
        do {
            let store = try RangeStore(directory: temp.url)
            #expect(store.keys.isEmpty)
            for key in [short, missing, fine] { try store.write(key, offset: 100, data: Data(count: 5_000)) }
            store.setMetadata(S.image("nothing-yet"), contentLength: 10, contentType: "image/png", etag: nil)
            store.close()
        }
        func file(_ key: CacheKey) throws -> URL {
            let name = try #require(S.dataFiles(in: temp.url).first { $0.hasPrefix(S.sha256(key.description)) })
            return temp.url.appendingPathComponent(name)
        }
        #expect(truncate(try file(short).path, 4_000) == 0)
        try FileManager.default.removeItem(at: try file(missing))
        let store = try RangeStore(directory: temp.url)
        defer { store.close() }
        #expect(store.keys == [S.image("nothing-yet"), fine])
        #expect(store.info(S.image("nothing-yet"))?.contentType == "image/png")
        #expect(S.dataFiles(in: temp.url).count == 1)
    }

    @Test("a link planted as a data file, the index or a temporary file is removed, never written through")
    func plantedLinks() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let folder = temp.url.appendingPathComponent("media")
        let outside = temp.url.appendingPathComponent("outside.txt")
        let original = Data("not the cache's".utf8)
        let key = S.video("clip")
        do {
            let store = try RangeStore(directory: folder)
            try store.write(key, offset: 0, data: S.bytes(70_000, seed: 1))
            store.close()
        }
        func isLink(_ url: URL) -> Bool {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
        }
        func plant(_ name: String) throws -> URL {
            try original.write(to: outside)
            let url = folder.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: url)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: outside.path)
            return url
        }

        // The data file: the store reads nothing through it and writes a file of its own.
        let dataName = try #require(S.dataFiles(in: folder).first)
        let data = try plant(dataName)
        do {
            let store = try RangeStore(directory: folder)
            try store.write(key, offset: 0, data: S.bytes(70_000, seed: 2))
            store.close()
        }
        #expect(try Data(contentsOf: outside) == original, "nothing written through the data file's link")
        #expect(!S.dataFiles(in: folder).contains { isLink(folder.appendingPathComponent($0)) })
        _ = data

        // The index, and its temporary file.
        for name in [CacheFileName.index, CacheFileName.index + CacheFileName.temporarySuffix] {
            let planted = try plant(name)
            let store = try RangeStore(directory: folder)
            try store.write(S.video("more-\(name)"), offset: 0, data: S.bytes(1_000, seed: 3))
            store.close()
            #expect(try Data(contentsOf: outside) == original, "nothing written through \(name)")
            #expect(!isLink(planted), "\(name) is no longer a link")
        }
        #expect(!isLink(folder.appendingPathComponent(CacheFileName.index)))
    }

    @Test("a cache folder that is a link is refused: the cache never writes where it leads")
    func folderLink() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let elsewhere = temp.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let folder = temp.url.appendingPathComponent("media")
        try FileManager.default.createSymbolicLink(atPath: folder.path, withDestinationPath: elsewhere.path)
        #expect(throws: CacheStoreError.self) { try RangeStore(directory: folder) }
        #expect(S.files(in: elsewhere).isEmpty)
    }

    @Test("a cache folder swapped for a link while the cache is open: writes, the index and deletions stay in the folder that was opened")
    func folderSwappedWhileOpen() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let folder = temp.url.appendingPathComponent("media")
        let moved = temp.url.appendingPathComponent("media-moved")
        let elsewhere = temp.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let store = try RangeStore(directory: folder)
        try store.write(S.video("before"), offset: 0, data: S.bytes(70_000, seed: 4))
        store.flush()
        // Someone moves the folder away and puts a link to another in its place.
        try FileManager.default.moveItem(at: folder, to: moved)
        try FileManager.default.createSymbolicLink(atPath: folder.path, withDestinationPath: elsewhere.path)
        try store.write(S.video("after"), offset: 0, data: S.bytes(70_000, seed: 5))
        store.remove(S.video("before"))
        store.close()
        #expect(S.files(in: elsewhere).isEmpty, "nothing was written where the link leads: \(S.files(in: elsewhere))")
        #expect(S.dataFiles(in: moved).count == 1, "the new entry's file is in the folder that was opened")
        let index = try Data(contentsOf: moved.appendingPathComponent(CacheFileName.index))
        #expect(String(decoding: index, as: UTF8.self).contains("after"))
    }

    @Test("a write fetched for an entry that was dropped and made again (a new version) is not written into the new one")
    func writesCarryTheirVersion() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = try RangeStore(directory: temp.url)
        defer { store.close() }
        let key = S.video("changing")
        store.setMetadata(key, contentLength: 100_000, contentType: "video/mp4", etag: "\"v1\"")
        let first = try #require(store.incarnation(of: key))
        // A newer answer says the file changed: the entry is dropped and made again.
        store.setMetadata(key, contentLength: 100_000, contentType: "video/mp4", etag: "\"v2\"")
        let second = try #require(store.incarnation(of: key))
        #expect(first != second)
        func write(_ data: Data, at offset: Int64, for incarnation: UInt64) throws -> Bool {
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var answer: Result<Bool, any Error> = .success(false)
            store.writeIfPresent(key, offset: offset, data: data, incarnation: incarnation) { outcome in
                answer = outcome
                done.signal()
            }
            done.wait()
            return try answer.get()
        }
        #expect(try write(S.bytes(4_214, seed: 1), at: 0, for: first) == false, "the old version's bytes are dropped")
        #expect(store.info(key)?.ranges.totalBytes == 0)
        #expect(try write(S.bytes(65_536, seed: 2), at: 0, for: second) == true)
        #expect(store.info(key)?.ranges.totalBytes == 65_536)
    }
}
