import FeedCore
import Foundation
import Testing
@testable import FeedMedia

@Suite struct FolderScannerTests {
    /// Sets a file's modification time to `seconds` after 2026-01-01.
    func touch(_ url: URL, _ seconds: TimeInterval) throws {
        let date = Date(timeIntervalSince1970: 1_767_225_600 + seconds)
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
    }

    func makeFolder(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    @Test func listsVideosAndPicturesNewestFirstAcrossSubfolders() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let root = temp.url
        try makeFolder(root.appendingPathComponent("trip/day 2"))
        try makeFolder(root.appendingPathComponent(".thumbnails"))

        let (clip, _) = try FrameGrabberTests.makeClip(1, size: PixelSize(width: 96, height: 160), in: root)
        let beach = root.appendingPathComponent("trip/beach.jpg")
        try writePicture(beach, width: 40, height: 30, type: "jpeg") { _, _ in (0, 120, 200) }
        let sunset = root.appendingPathComponent("trip/day 2/sunset.png")
        try writePicture(sunset, width: 20, height: 50) { _, _ in (250, 120, 0) }
        let sameTime = root.appendingPathComponent("trip/day 2/another.png")
        try writePicture(sameTime, width: 10, height: 10) { _, _ in (1, 2, 3) }
        // Not shown: hidden files and folders, text, a video-looking text file is still text.
        try writePicture(root.appendingPathComponent(".secret.png"), width: 4, height: 4) { _, _ in (0, 0, 0) }
        try writePicture(root.appendingPathComponent(".thumbnails/thumb.png"), width: 4, height: 4) { _, _ in (0, 0, 0) }
        try Data("notes".utf8).write(to: root.appendingPathComponent("notes.txt"))
        try Data("{}".utf8).write(to: root.appendingPathComponent("trip/data.json"))
        // A link back up must not loop.
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("trip/day 2/up").path,
                                                   withDestinationPath: root.path)

        try touch(clip, 300)
        try touch(beach, 100)
        try touch(sunset, 200)
        try touch(sameTime, 200)

        let items = try FolderScanner.scan(root)
        #expect(items.map(\.id) == [clip.path, sameTime.path, sunset.path, beach.path])
        #expect(items.map(\.kind) == [.video, .image, .image, .image])
        #expect(items.map(\.title) == ["clip-01", "another", "sunset", "beach"])
        #expect(items[0].uri == clip.absoluteString)
        #expect(items[2].uri == sunset.absoluteString, "the space is escaped in the URI")
        #expect(items[0].accessibilityLabel == "Video: clip-01")
        #expect(items[3].accessibilityLabel == "Picture: beach")
        #expect(items[3].width == 40 && items[3].height == 30)
        #expect(items[0].width == nil)
        let expectedDate = DateFormatter()
        expectedDate.dateFormat = "d MMM yyyy"
        #expect(items[3].subtitle == expectedDate.string(from: Date(timeIntervalSince1970: 1_767_225_700)))
    }

    @Test func anEmptyFolderGivesNoItems() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        #expect(try FolderScanner.scan(temp.url).isEmpty)
    }

    @Test func aMissingFolderIsNotFound() {
        let missing = URL(fileURLWithPath: "/nonexistent/flick/folder")
        #expect(throws: FolderScanError.notFound(missing.path)) { try FolderScanner.scan(missing) }
        #expect(FolderScanError.notFound(missing.path).description.contains(missing.path))
    }

    @Test func aFileIsNotADirectory() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let file = temp.url.appendingPathComponent("picture.png")
        try writePicture(file, width: 2, height: 2) { _, _ in (0, 0, 0) }
        #expect(throws: FolderScanError.notADirectory(file.path)) { try FolderScanner.scan(file) }
    }

    // Unreadable folders are tested through the app (FlickTests), which can
    // run the scan as an unprivileged user when the tests run as root.
}
