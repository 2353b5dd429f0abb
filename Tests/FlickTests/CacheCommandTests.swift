import FeedCore
import FeedDemo
import FeedMedia
import Foundation
import Testing

/// `flick cache …` against a real cache folder and a loopback server.
@Suite("The cache commands")
struct CacheCommandTests {
    /// Runs flick with XDG_CACHE_HOME at `cache`; returns status, stdout and stderr.
    private func flick(_ arguments: [String], cache: URL) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = AppProcess.binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cache.path
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output, errors)
    }

    @Test("preload, status, size, remove and clear show the cache's real state")
    func commands() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("flick-cache-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let file = cache.appendingPathExtension("bin")
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = MediaServer()
        _ = try server.startOnOwnThread()
        defer { server.stop() }
        server.serveFile(file, at: "/clip.mp4", contentType: "video/mp4")
        let url = try #require(server.url(for: "/clip.mp4")).absoluteString
        let origin = try #require(CacheKey.origin(of: url))
        let key = "video:\(origin) \(url)"

        let preload = try flick(["cache", "preload", url], cache: cache)
        #expect(preload.0 == 0, "\(preload.2)")
        #expect(preload.1.contains("complete"))
        let status = try flick(["cache", "status", key], cache: cache)
        #expect(status.1.contains("\(key)\tcomplete\t300000 bytes of 300000"), "\(status.1)")
        let size = try flick(["cache", "size"], cache: cache)
        #expect(size.1.contains("video\t300000 bytes"), "\(size.1)")
        #expect(try flick(["cache", "preload", url], cache: cache).0 == 0)
        #expect(server.bytesSent(path: "/clip.mp4") <= 300_000 + 1, "the second preload found it on disk")

        #expect(try flick(["cache", "remove", key], cache: cache).0 == 0)
        #expect(try flick(["cache", "status", key], cache: cache).1.contains("\tnone\t"))
        _ = try flick(["cache", "preload", url], cache: cache)
        #expect(try flick(["cache", "clear"], cache: cache).0 == 0)
        #expect(try flick(["cache", "size"], cache: cache).1.contains("video\t0 bytes"))

        let bad = try flick(["cache", "frobnicate"], cache: cache)
        #expect(bad.0 == 2)
        #expect(bad.2.contains("usage: flick cache"))
    }
}
