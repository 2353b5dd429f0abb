import FeedCore
import Foundation
import Testing
@testable import FeedMedia
@testable import FeedDemo

extension AppUnderX {
    /// What the app does when the bytes in its media cache are wrong.
    @Suite("Recovering from a corrupt media cache")
    struct CacheRecoveryUITests {
        /// Where the damage goes: the header boxes (the first 64 KiB), or
        /// the middle of the file (inside mdat: frames, not structure).
        enum Damage: String, CaseIterable, Sendable { case header, middle }

        @Test("bytes flipped in a cached video, in its header or in the middle: it plays again, fetched anew, with no error shown",
              arguments: Damage.allCases)
        func flippedBytes(_ damage: Damage) throws {
            let clip = try Fixtures.clips()[0]
            let server = MediaServer()
            let base = try server.startOnOwnThread()
            defer { server.stop() }
            server.serveFile(clip.video, at: "/clip.mp4", contentType: "video/mp4")
            let id = "corrupt-\(damage)-\(UUID().uuidString)"
            let feed = """
            {"items": [{"id": "\(id)", "type": "video", "uri": "\(base.absoluteString)clip.mp4", "title": "Clip"}], "next": null}
            """
            server.serveJSON(at: "/feed.json") { _ in Data(feed.utf8) }
            let playing = { (state: ReportedState) in
                state.phase == "feed" && state.currentID == id && state.playersPlaying == 1 && state.currentFrameSource != nil
            }

            // First run: the clip plays and lands in the cache; quitting writes the index.
            let first = try AppProcess([base.absoluteString + "feed.json", "--report-state"])
            #expect(first.waitForState(timeout: 30, playing) != nil, "\(String(describing: first.latest)); \(first.stderr)")
            first.stop()

            // Flip 64 KiB of the file on disk.
            let media = AppProcess.sharedCache.appendingPathComponent("io.github.flick.Flick/media")
            let scope = try #require(CacheKey.origin(of: base.absoluteString))
            let prefix = CacheFileName.hash(of: CacheKey.scoped(.video, scope: scope, name: id))
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: media.path)
                .first { $0.hasPrefix(prefix) && $0.hasSuffix(CacheFileName.dataSuffix) }, "the clip's bytes are cached")
            let size = try #require(try FileManager.default.attributesOfItem(atPath: clip.video.path)[.size] as? Int)
            let offset = damage == .header ? 0 : size / 2
            let handle = try FileHandle(forUpdating: media.appendingPathComponent(name))
            try handle.seek(toOffset: UInt64(offset))
            let head = try #require(try handle.read(upToCount: 65_536))
            try handle.seek(toOffset: UInt64(offset))
            try handle.write(contentsOf: Data(head.map { ~$0 }))
            try handle.close()
            let servedBefore = server.bytesSent(path: "/clip.mp4")

            // Second run: the bad bytes are evicted and fetched again, silently.
            let second = try AppProcess([base.absoluteString + "feed.json", "--report-state"])
            let again = second.waitForState(timeout: 30, playing)
            #expect(again != nil, "\(String(describing: second.latest)); \(second.stderr)")
            #expect(!second.states.contains { $0.currentError != nil }, "no error card was shown")
            #expect(server.bytesSent(path: "/clip.mp4") > servedBefore, "the clip was fetched again")
        }

        @Test("a file that is not a video, served with an ETag, is fetched once: the next run reads it from the cache and shows its error without fetching it again")
        func originsBadBytesAreKept() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-not-a-video-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            // Smaller than a startup range, so the first run holds all of it.
            let file = folder.appendingPathComponent("broken.mp4")
            try Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: file)
            let server = MediaServer()
            let base = try server.startOnOwnThread()
            defer { server.stop() }
            server.serveFile(file, at: "/broken.mp4", contentType: "video/mp4")
            let id = "not-a-video-\(UUID().uuidString)"
            let feed = """
            {"items": [{"id": "\(id)", "type": "video", "uri": "\(base.absoluteString)broken.mp4", "title": "Broken"}], "next": null}
            """
            server.serveJSON(at: "/feed.json") { _ in Data(feed.utf8) }
            let failed = { (state: ReportedState) in state.currentID == id && state.currentError != nil }

            let first = try AppProcess([base.absoluteString + "feed.json", "--report-state"])
            #expect(first.waitForState(timeout: 30, failed) != nil, "\(String(describing: first.latest)); \(first.stderr)")
            first.stop()
            let servedFirst = server.bytesSent(path: "/broken.mp4")
            #expect(servedFirst == 100_000, "fetched once, not evicted and fetched again: \(servedFirst) bytes")

            let second = try AppProcess([base.absoluteString + "feed.json", "--report-state"])
            #expect(second.waitForState(timeout: 30, failed) != nil, "\(String(describing: second.latest)); \(second.stderr)")
            second.stop()
            #expect(server.bytesSent(path: "/broken.mp4") == servedFirst, "the origin's bytes came from the cache")
        }
    }
}
