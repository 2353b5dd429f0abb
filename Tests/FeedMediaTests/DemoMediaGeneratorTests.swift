import CGStreamer
import FeedCore
import Foundation
import Testing
@testable import FeedMedia
@testable import FeedDemo

@Suite struct DemoMediaGeneratorTests {
    @Test func makesPlayableH264AACClipsPostersAndPicturesAndReusesThem() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let size = PixelSize(width: 540, height: 960)
        let generator = DemoMediaGenerator(directory: temp.url, clipCount: 2, clipSize: size)
        #expect(generator.existingLibrary() == nil)

        let reports = ProgressLog()
        let library = try generator.generate { reports.add($0, $1) }

        #expect(library.clips.count == 2)
        #expect(Set(library.clips.map(\.colorName)).count == 2)
        #expect(Set(library.clips.map(\.duration)).count == 2, "durations vary per clip")
        for clip in library.clips {
            #expect((4...10).contains(clip.duration))
            let media = try DiscoveredMedia.discover(clip.video)
            #expect(media.videoCaps.count == 1)
            #expect(media.videoCaps.first?.hasPrefix("video/x-h264") == true)
            #expect(media.audioCaps.count == 1)
            #expect(media.audioCaps.first?.hasPrefix("audio/mpeg") == true)
            #expect(media.audioCaps.first?.contains("mpegversion=(int)4") == true)
            #expect(media.width == size.width && media.height == size.height)
            #expect(abs(media.duration - clip.duration) < 0.2, "\(media.duration) vs \(clip.duration)")

            let atoms = try topLevelAtoms(of: clip.video)
            let moov = try #require(atoms.firstIndex(of: "moov"))
            let mdat = try #require(atoms.firstIndex(of: "mdat"))
            #expect(moov < mdat, "moov must come first for progressive playback: \(atoms)")

            let posterHead = try Data(contentsOf: clip.poster).prefix(8)
            #expect(posterHead == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            #expect(ImageDecoder.size(of: clip.poster) == size)
        }

        #expect(library.pictures.count >= 6)
        #expect(library.pictures.contains { $0.width == 3000 && $0.height == 4500 && $0.url.pathExtension == "jpg" })
        #expect(Set(library.pictures.map { "\($0.width)x\($0.height)" }).count == library.pictures.count)
        for picture in library.pictures {
            #expect(ImageDecoder.size(of: picture.url) == PixelSize(width: picture.width, height: picture.height))
        }

        #expect(reports.fractions.first == 0)
        #expect(reports.fractions.last == 1)
        #expect(reports.fractions == reports.fractions.sorted(), "progress never goes back")
        #expect(reports.messages.contains("Making clip 2 of 2"))
        #expect(reports.threads == [reports.callerThread])

        #expect(generator.existingLibrary() == library)
        #expect(FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("manifest.json").path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: temp.url.path).filter { $0.hasSuffix(".part") }
        #expect(leftovers.isEmpty)

        // A second run finds everything and rewrites nothing.
        let files = library.clips.flatMap { [$0.video, $0.poster] } + library.pictures.map(\.url)
        let before = try files.map(modificationTime)
        let again = try DemoMediaGenerator(directory: temp.url, clipCount: 2, clipSize: size).generate { _, _ in }
        #expect(again == library)
        #expect(try files.map(modificationTime) == before)
    }

    @Test func anInterruptedRunKeepsFinishedFilesAndMakesOnlyTheMissingOnes() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let generator = DemoMediaGenerator(directory: temp.url, clipCount: 1, clipSize: PixelSize(width: 270, height: 480))
        let library = try generator.generate { _, _ in }
        let clip = try #require(library.clips.first)

        // As if the run had died before the poster and the manifest were written.
        try FileManager.default.removeItem(at: clip.poster)
        try FileManager.default.removeItem(at: temp.url.appendingPathComponent("manifest.json"))
        #expect(generator.existingLibrary() == nil)
        let videoTime = try modificationTime(clip.video)

        let pending = generator.missingJobs().map(\.item)
        #expect(pending == ["poster of clip 1"])
        #expect(try generator.generate { _, _ in } == library)
        #expect(try modificationTime(clip.video) == videoTime)
        #expect(FileManager.default.fileExists(atPath: clip.poster.path))
    }

    @Test func filesMadeForAnotherClipSizeAreMadeAgain() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        _ = try DemoMediaGenerator(directory: temp.url, clipCount: 1, clipSize: PixelSize(width: 270, height: 480)).generate { _, _ in }
        let smaller = DemoMediaGenerator(directory: temp.url, clipCount: 1, clipSize: PixelSize(width: 180, height: 320))
        #expect(smaller.existingLibrary() == nil)
        let library = try smaller.generate { _, _ in }
        let clip = try #require(library.clips.first)
        #expect(ImageDecoder.size(of: clip.poster) == PixelSize(width: 180, height: 320))
        let media = try DiscoveredMedia.discover(clip.video)
        #expect(media.width == 180 && media.height == 320)
        #expect(smaller.existingLibrary() == library)
    }

    @Test func anEmptyFileIsNotTakenForAFinishedOne() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let generator = DemoMediaGenerator(directory: temp.url, clipCount: 1)
        FileManager.default.createFile(atPath: temp.url.appendingPathComponent("clip-01.mp4").path, contents: Data())
        #expect(generator.missingJobs().map(\.item).contains("clip 1"))
    }

    @Test func clipsDifferInColourToneAndLengthWithinFourToTenSeconds() {
        let plan = DemoMediaPlan(clipCount: 30, clipSize: PixelSize(width: 540, height: 960))
        #expect(plan.clips.count == 30)
        #expect(Set(plan.clips.map(\.color.name)).count == 30)
        #expect(Set(plan.clips.map(\.color.rgb)).count == 30)
        #expect(Set(plan.clips.map(\.frequency)).count == 30)
        #expect(plan.clips.allSatisfy { (4...10).contains($0.duration) })
        #expect(Set(plan.clips.map(\.duration)) == Set(4...10))
    }

    @Test func aFullDiskGivesTheDirectoryInOneLine() {
        let error = GStreamerError(domain: .resource, code: Int32(GST_RESOURCE_ERROR_NO_SPACE_LEFT.rawValue),
                                   message: "No space left on the resource.")
        let mapped = DemoMediaJob.demoError(error, item: "clip 3", directory: URL(fileURLWithPath: "/cache/demo-media"))
        #expect(mapped == .noSpace(directory: "/cache/demo-media"))
        #expect(mapped.description.hasPrefix("No space left to write the demo media in /cache/demo-media"))
    }

    @Test func aDirectoryThatCannotBeCreatedIsReported() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let blocker = temp.url.appendingPathComponent("file")
        FileManager.default.createFile(atPath: blocker.path, contents: Data("x".utf8))
        let generator = DemoMediaGenerator(directory: blocker.appendingPathComponent("demo-media"), clipCount: 1)
        #expect(throws: DemoMediaError.self) { try generator.generate { _, _ in } }
    }
}

/// Collects progress reports from whichever thread makes them.
private final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var fractions: [Double] = []
    private(set) var messages: [String] = []
    private(set) var threads: Set<ObjectIdentifier> = []
    let callerThread = ObjectIdentifier(Thread.current)

    func add(_ fraction: Double, _ message: String) {
        lock.lock()
        defer { lock.unlock() }
        fractions.append(fraction)
        messages.append(message)
        threads.insert(ObjectIdentifier(Thread.current))
    }
}

func modificationTime(_ url: URL) throws -> Date {
    try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
}
