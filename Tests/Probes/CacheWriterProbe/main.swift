// Writes to Flick's range store in a loop until it is killed; used by the
// cache's crash-safety tests (FeedMediaTests). Not installed.
//
// Usage: CacheWriterProbe <folder> <seed>
//
// Byte i of key K at version v is (i * 31 + hash(K) + v * 7) & 0xFF, where
// hash is FNV-1a of the key's text and the version is the entry's ETag
// ("v3"). RangeStoreCrashTests computes the same pattern to check every byte
// a reopened store claims. Two threads write random-sized chunks at random
// offsets, change versions (a changed ETag drops the stale bytes), remove
// keys and overflow the budget; a third flushes every few milliseconds. Prints "writing" once
// the store is open.
import FeedCore
@testable import FeedMedia
import Foundation

/// FNV-1a over the key's text: stable across processes, unlike `hashValue`.
func patternSeed(_ key: CacheKey) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.description.utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
}

/// The bytes `[offset, offset + count)` of `key` at `version`.
func pattern(_ key: CacheKey, version: Int, offset: Int64, count: Int) -> Data {
    let base = patternSeed(key) &+ UInt64(version) &* 7
    var data = Data(count: count)
    data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) in
        for index in 0..<count {
            buffer[index] = UInt8(truncatingIfNeeded: (UInt64(offset) + UInt64(index)) &* 31 &+ base)
        }
    }
    return data
}

/// SplitMix64, so a seed replays the same run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}

/// The keys and their sizes in bytes: more than the budgets, so eviction runs.
let resources: [(key: CacheKey, length: Int64)] = [
    (CacheKey(kind: .video, source: "https://probe.invalid/a.mp4"), 1_500_000),
    (CacheKey(kind: .video, source: "https://probe.invalid/b.mp4"), 1_200_000),
    (CacheKey(kind: .video, source: "https://probe.invalid/c.mp4?sig=1"), 900_000),
    (CacheKey(kind: .video, source: "https://probe.invalid/d.mp4"), 1_700_000),
    (CacheKey(kind: .image, source: "https://probe.invalid/e.jpg"), 400_000),
    (CacheKey(kind: .image, source: "https://probe.invalid/f.jpg"), 250_000),
]

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("CacheWriterProbe: \(message)\n".utf8))
    exit(2)
}

/// One writer thread's loop over the keys it owns (no other thread writes them,
/// so its idea of each key's version is always the store's).
func writeForever(_ store: RangeStore, owned: [(key: CacheKey, length: Int64)], seed: UInt64) -> Never {
    var random = SeededGenerator(state: seed)
    var versions: [CacheKey: Int] = [:]
    func announce(_ key: CacheKey, _ length: Int64) {
        let version = versions[key] ?? 1
        let type = key.kind == .video ? "video/mp4" : "image/jpeg"
        store.setMetadata(key, contentLength: length, contentType: type, etag: "v\(version)")
    }
    for (key, length) in owned {
        if let etag = store.info(key)?.etag, let version = Int(etag.dropFirst()) { versions[key] = version }
        announce(key, length)
    }
    var writes = 0
    while true {
        let (key, length) = owned.randomElement(using: &random)!
        switch Int.random(in: 0..<400, using: &random) {
        case 0..<2:
            versions[key, default: 1] += 1
            announce(key, length)
        case 2:
            store.remove(key)
            announce(key, length)
        case 3..<8:
            store.flush()
        default:
            // Pinned like a fetch pins its item, so eviction cannot drop the
            // entry (and its ETag) between the announcement and the write.
            store.pin(key)
            defer { store.unpin(key) }
            if store.info(key)?.etag == nil { announce(key, length) }
            let offset = Int64.random(in: 0..<length, using: &random)
            let count = Int.random(in: 1...65_536, using: &random)
            let version = versions[key] ?? 1
            do {
                try store.write(key, offset: offset, data: pattern(key, version: version, offset: offset, count: count))
            } catch {
                fail("write failed: \(error)")
            }
            writes += 1
            if writes % 16 == 0 {
                // Read back something held and check it in process too.
                let start = Int64.random(in: 0..<length, using: &random)
                let held = min(store.available(key, from: start), 4096)
                if held > 0, let got = try? store.read(key, offset: start, length: Int(held)),
                   got != pattern(key, version: version, offset: start, count: Int(held)) {
                    fail("read back different bytes for \(key) at \(start)")
                }
            }
        }
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let seed = UInt64(arguments[2]) else {
    fail("usage: CacheWriterProbe <folder> <seed>")
}
let store: RangeStore
do {
    store = try RangeStore(directory: URL(fileURLWithPath: arguments[1], isDirectory: true),
                           budgets: CacheBudgets(videoBytes: 3_000_000, imageBytes: 500_000))
} catch {
    fail("could not open the store: \(error)")
}
let split = [resources.enumerated().filter { $0.offset % 2 == 0 }.map(\.element),
             resources.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)]
for (index, owned) in split.enumerated() {
    Thread.detachNewThread { writeForever(store, owned: owned, seed: seed &+ UInt64(index) &* 0x1234_5678) }
}
// Keeps the index on disk close to the live state, so a kill often lands
// right after a flush and finds any claim made ahead of its bytes.
Thread.detachNewThread {
    var random = SeededGenerator(state: seed &+ 99)
    while true {
        usleep(UInt32.random(in: 0...3_000, using: &random))
        store.flush()
    }
}
FileHandle.standardOutput.write(Data("writing\n".utf8))
while true { sleep(60) }
