import FeedCore
import FeedGObject
@testable import FeedMedia
@testable import FeedSources
import Foundation
import Testing

/// A save into a folder where the post's name is already had by something:
/// the next free "(N)" is taken and what had the name stays as it was.
@Suite("Saving past names already taken")
struct SavedFileTests {
    func save(_ source: URL, into folder: URL) -> Result<URL, SaveFailure> {
        SavedFile.write(from: source, into: folder) { taken in
            SaveName.make(title: "Clip", id: "clip", kind: .video, mediaURI: "https://example.org/clip.mp4", taken: taken)
        }
    }

    @Test("a dangling link, a link to a file, a folder and a file each keep their name and the save takes the next")
    func everyKindOfTakenName() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let source = folder.url.appendingPathComponent("source.bin")
        try Data("the post's bytes".utf8).write(to: source)
        let target = folder.url.appendingPathComponent("Videos")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let missing = folder.url.appendingPathComponent("nowhere.mp4").path
        try FileManager.default.createSymbolicLink(atPath: target.appendingPathComponent("Clip.mp4").path,
                                                   withDestinationPath: missing)

        let first = try save(source, into: target).get()
        #expect(first.lastPathComponent == "Clip (2).mp4")
        #expect(try Data(contentsOf: first) == Data("the post's bytes".utf8))
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: first.path)[.posixPermissions] as? Int)
        #expect(mode == Int(0o666 & ~PrivateFiles.userUmask), "a saved file keeps the user's umask: \(String(mode, radix: 8))")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: target.appendingPathComponent("Clip.mp4").path) == missing,
                "the dangling link is left as it was")
        #expect(!FileManager.default.fileExists(atPath: missing), "nothing was written through the link")

        try FileManager.default.createDirectory(at: target.appendingPathComponent("Clip (3).mp4"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: target.appendingPathComponent("Clip (4).mp4").path,
                                                   withDestinationPath: source.path)
        let next = try save(source, into: target).get()
        #expect(next.lastPathComponent == "Clip (5).mp4")
        #expect(try Data(contentsOf: source) == Data("the post's bytes".utf8), "the linked file is untouched")
        let left = try FileManager.default.contentsOfDirectory(atPath: target.path).sorted()
        #expect(left == ["Clip (2).mp4", "Clip (3).mp4", "Clip (4).mp4", "Clip (5).mp4", "Clip.mp4"], "\(left)")
    }
}
