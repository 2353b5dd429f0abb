import FeedCore
import Foundation
import Testing
@testable import FeedDemo
@testable import FeedMedia

/// Byte i of `key` at `version`: the CacheWriterProbe's pattern (keep the two in step).
private func expectedBytes(_ key: CacheKey, version: Int, offset: Int, count: Int) -> Data {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.description.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let base = hash &+ UInt64(version) &* 7
    return Data((0..<count).map { UInt8(truncatingIfNeeded: (UInt64(offset) + UInt64($0)) &* 31 &+ base) })
}

@Suite("The range store after SIGKILL", .serialized)
struct RangeStoreCrashTests {
    @Test("killing a writer at random moments, 24 times, never leaves a claimed byte that differs from the origin")
    func killedWriter() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let probe = builtProductsDirectory().appendingPathComponent("CacheWriterProbe")
        try #require(FileManager.default.isExecutableFile(atPath: probe.path), "build CacheWriterProbe first")
        var random = TestGenerator(state: 2024)
        var verifiedBytes = 0
        var keysSeen = Set<CacheKey>()
        for iteration in 0..<24 {
            let process = Process()
            process.executableURL = probe
            process.arguments = [temp.url.path, String(UInt64.random(in: 1...UInt64.max / 2, using: &random))]
            let errors = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
            Thread.sleep(forTimeInterval: Double(Int.random(in: 20...300, using: &random)) / 1000)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationReason == .uncaughtSignal,
                    "iteration \(iteration): the probe stopped by itself: \(stderr)")

            let store = try RangeStore(directory: temp.url)
            defer { store.close() }
            for key in store.keys {
                let info = try #require(store.info(key))
                guard !info.ranges.ranges.isEmpty else { continue }
                keysSeen.insert(key)
                let etag = try #require(info.etag, "iteration \(iteration): \(key) holds bytes with no ETag")
                let version = try #require(Int(etag.dropFirst()))
                if let length = info.contentLength {
                    #expect(info.ranges.ranges.last!.upperBound <= Int(length))
                }
                for range in info.ranges.ranges {
                    let read = try #require(try store.read(key, offset: Int64(range.lowerBound), length: range.count))
                    let expected = expectedBytes(key, version: version, offset: range.lowerBound, count: range.count)
                    if read != expected {
                        let first = zip(read, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? -1
                        Issue.record("iteration \(iteration): \(key) \(etag) differs at byte \(range.lowerBound + first)")
                        break
                    }
                    verifiedBytes += range.count
                }
            }
            let hashes = Set(store.keys.map { RangeStoreSupport.sha256($0.description) })
            for file in RangeStoreSupport.dataFiles(in: temp.url) {
                #expect(hashes.contains(String(file.prefix(64))), "iteration \(iteration): \(file) is an orphan after open")
            }
        }
        #expect(verifiedBytes > 1_000_000, "the probe wrote too little to judge: \(verifiedBytes) bytes")
        #expect(keysSeen.count >= 4)
    }
}
