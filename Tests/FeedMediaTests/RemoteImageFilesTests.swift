import FeedCore
import FlickTestSupport
import Foundation
import Testing
@testable import FeedDemo
@testable import FeedMedia

/// Pictures without a media cache (`--no-media-cache`, the naive engine):
/// fetched once into a folder, written off the GTK thread, then read from there.
@MainActor
@Suite("Pictures without a media cache", .serialized)
struct RemoteImageFilesTests {
    @Test("a picture is fetched once and kept; a missing one answers its HTTP status and leaves no file")
    func fetchOnceAndKeep() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let picture = temp.url.appendingPathComponent("served.png")
        try writePicture(picture, width: 8, height: 8) { _, _ in (200, 30, 30) }
        let server = MediaServer()
        defer { server.stop() }
        _ = try server.startOnOwnThread()
        server.serveFile(picture, at: "/p.png", contentType: "image/png")
        let url = try #require(server.url(for: "/p.png"))
        let files = RemoteImageFiles(directory: temp.url.appendingPathComponent("images"))

        var first: Result<URL, RemoteImageError>?
        files.fetch(url) { first = $0 }
        #expect(await pumpUntil { first != nil })
        let file = try #require(try first?.get())
        #expect(try Data(contentsOf: file) == Data(contentsOf: picture), "the body, whole")
        #expect(!FileManager.default.fileExists(atPath: file.appendingPathExtension("part").path))

        var second: Result<URL, RemoteImageError>?
        files.fetch(url) { second = $0 }
        #expect(second.map { (try? $0.get()) == file } == true, "served from the folder at once")
        #expect(server.requests(path: "/p.png").count == 1)

        let missing = try #require(server.url(for: "/gone.png"))
        var refused: Result<URL, RemoteImageError>?
        files.fetch(missing) { refused = $0 }
        #expect(await pumpUntil { refused != nil })
        if case .failure(.httpStatus(let status))? = refused { #expect(status == 404) } else {
            Issue.record("a 404 is its status: \(String(describing: refused))")
        }
        #expect(!FileManager.default.fileExists(atPath: files.file(for: missing).path))
    }
}
