import FeedCore
@testable import FeedSources
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import FeedDemo
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

        let scan = try FolderScanner.scan(root)
        let items = scan.items
        #expect(scan.skipped.map(\.path) == [root.appendingPathComponent("notes.txt").path,
                                             root.appendingPathComponent("trip/data.json").path,
                                             root.appendingPathComponent("trip/day 2/up").path])
        #expect(scan.skipped.map(\.reason) == [.notMedia, .notMedia, .linkNotFollowed])
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

    @Test("links out of the folder are listed, not followed; pipes are listed, never opened; nesting is bounded")
    func linksPipesAndDepth() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let root = temp.url.appendingPathComponent("media")
        try makeFolder(root.appendingPathComponent("inside"))
        let picture = root.appendingPathComponent("inside/pic.png")
        try writePicture(picture, width: 8, height: 8) { _, _ in (10, 20, 30) }
        let links = ["root": "/", "parent": temp.url.path, "itself": root.path, "proc": "/proc", "sys": "/sys/class"]
        for (name, target) in links {
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent(name).path, withDestinationPath: target)
        }
        // A link to a folder inside is followed, but its posts come once.
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("again").path,
                                                   withDestinationPath: root.appendingPathComponent("inside").path)
        let pipe = root.appendingPathComponent("video.mp4")
        #expect(mkfifo(pipe.path, 0o644) == 0)
        // 40 levels deep: what lies below the bound is not reached.
        var deep = root
        for level in 0..<40 { deep = deep.appendingPathComponent("d\(level)") }
        try makeFolder(deep)
        try writePicture(deep.appendingPathComponent("deep.png"), width: 8, height: 8) { _, _ in (0, 0, 0) }

        let started = Date()
        let scan = try FolderScanner.scan(root)
        #expect(Date().timeIntervalSince(started) < 10, "the scan stayed in the folder")
        // Reached through the folder or its link, whichever was listed first; once.
        #expect(scan.items.map(\.id) == [picture.path] || scan.items.map(\.id) == [root.appendingPathComponent("again/pic.png").path],
                "\(scan.items.map(\.id))")
        let skipped = Dictionary(uniqueKeysWithValues: scan.skipped.map { ($0.path, $0.reason) })
        for name in links.keys {
            #expect(skipped[root.appendingPathComponent(name).path] == .linkNotFollowed, "\(name)")
        }
        #expect(skipped[pipe.path] == .special)
        #expect(scan.skipped.count == links.count + 1, "\(scan.skipped)")
        #expect(scan.localizedSkippedSummary == "6 files were skipped: 5 links not followed, 1 special file")
    }

    @Test("names that are not UTF-8, or hold a newline or an escape, show: pictures, their sizes, and a video's still")
    func namesAsBytes() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let folder = temp.url.path
        let (clip, _) = try FrameGrabberTests.makeClip(1, size: PixelSize(width: 96, height: 160), in: temp.url)
        let picture = temp.url.appendingPathComponent("plain.png")
        try writePicture(picture, width: 40, height: 30) { _, _ in (0, 120, 200) }
        // Rename to raw bytes: \xff\xfe (not UTF-8), a newline, an escape.
        func rename(_ from: URL, to name: [UInt8]) -> Bool {
            let target = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
            return target.withUnsafeBufferPointer { bytes in
                bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { Glibc.rename(from.path, $0) == 0 }
            }
        }
        #expect(rename(picture, to: [0xFF, 0xFE] + Array("\n\u{1B}[31m.png".utf8)))
        #expect(rename(clip, to: Array("clip".utf8) + [0xFF] + Array(".mp4".utf8)))

        let scan = try FolderScanner.scan(temp.url)
        #expect(scan.skipped.isEmpty, "\(scan.skipped)")
        let image = try #require(scan.items.first { $0.kind == .image })
        let video = try #require(scan.items.first { $0.kind == .video })
        #expect(image.width == 40 && image.height == 30, "the size read through the name's bytes")
        #expect(image.uri.contains("%FF%FE"), "\(image.uri)")
        let decoded = try ImageDecoder.decode(file: try #require(URL(string: image.uri)), box: PixelSize(width: 40, height: 30), fit: .cover)
        #expect(decoded.width == 40 && decoded.height == 30)
        let still = try FrameGrabber.firstFrame(uri: video.uri, box: PixelSize(width: 48, height: 80), fit: .cover)
        #expect(still.width > 0 && still.height > 0)
        #expect(FileSystemPath(uri: image.uri)?.display.contains("\\377") == true || FileSystemPath(uri: image.uri)?.display.contains("\u{FFFD}") == true,
                "\(String(describing: FileSystemPath(uri: image.uri)?.display))")
    }

    @Test func anEmptyFolderGivesNoItems() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let scan = try FolderScanner.scan(temp.url)
        #expect(scan.items.isEmpty && scan.skipped.isEmpty && scan.localizedSkippedSummary == nil)
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

    /// Every regular file is a post or listed with its reason: sounds are
    /// posts, a 0-byte clip is empty (GIO calls it text), a truncated clip is
    /// a post (its player reports the error), a format without a loader is
    /// an unsupported picture.
    @Test func everyFileIsAPostOrListedWithItsReason() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let root = temp.url
        let (clip, _) = try FrameGrabberTests.makeClip(1, size: PixelSize(width: 96, height: 160), in: root)
        let truncated = root.appendingPathComponent("truncated.mp4")
        let bytes = try Data(contentsOf: clip)
        try bytes.prefix(bytes.count / 3).write(to: truncated)
        let song = root.appendingPathComponent("song.m4a")
        try MediaRuntime.initialize()
        let pipeline = try MediaPipeline("""
            audiotestsrc num-buffers=20 ! audioconvert ! \(MediaRuntime.aacEncoder) ! aacparse ! mp4mux ! filesink name=sink
            """)
        try pipeline.set("sink", "location", string: song.path)
        try pipeline.runToEnd(timeout: 30)
        pipeline.stop()
        let empty = root.appendingPathComponent("empty.mp4")
        FileManager.default.createFile(atPath: empty.path, contents: Data())
        // A GIMP drawing: an image type no gdk-pixbuf loader reads.
        let raw = root.appendingPathComponent("drawing.xcf")
        try Data(Array("gimp xcf v011\0".utf8) + [UInt8](repeating: 0, count: 64)).write(to: raw)

        let scan = try FolderScanner.scan(root)
        let kinds = Dictionary(uniqueKeysWithValues: scan.items.map { ($0.id, $0.kind) })
        #expect(kinds[clip.path] == .video)
        #expect(kinds[truncated.path] == .video)
        #expect(kinds[song.path] == .audio)
        #expect(scan.items.first { $0.id == song.path }?.accessibilityLabel == "Audio: song")
        let reasons = Dictionary(uniqueKeysWithValues: scan.skipped.map { ($0.path, $0.reason) })
        #expect(reasons[empty.path] == .empty)
        #expect(reasons[raw.path] == .unsupportedPicture, "\(scan.skipped)")
        #expect(scan.items.count + scan.skipped.count == 5, "every file is accounted for: \(scan)")
        #expect(scan.localizedSkippedSummary?.hasPrefix("2 files were skipped: ") == true,
                "\(String(describing: scan.localizedSkippedSummary))")
    }

    @Test("a scan reports the posts found so far, newest first among them, before its answer")
    func reportsWhileScanning() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        var age = 0.0
        for folder in ["a", "b", "c"] {
            try makeFolder(temp.url.appendingPathComponent(folder))
            for number in 0..<3 {
                let picture = temp.url.appendingPathComponent("\(folder)/\(number).png")
                try writePicture(picture, width: 4, height: 4) { _, _ in (9, 9, 9) }
                // Newer and newer: each folder's posts go above the ones before.
                age += 10
                try touch(picture, age)
            }
        }
        let reports = Mutex<[[String]]>([])
        let progress = ScanProgress(first: 0, every: 0) { items in reports.withLock { $0.append(items.map(\.id)) } }
        let scan = try FolderScanner.scan(temp.url, progress: progress)
        let seen = reports.withLock { $0 }
        let final = scan.items.map(\.id)
        #expect(seen.count == 3, "one report after each folder with posts: \(seen)")
        #expect(seen.map(\.count) == [3, 6, 9])
        #expect(seen.last == final)
        // Each report is in the final order: newest first among what was found.
        for report in seen {
            #expect(report == final.filter(report.contains), "\(report)")
        }
    }
}
