import FeedCore
import Foundation
import Testing
@testable import FeedMedia
@testable import FeedDemo

@Suite struct FrameGrabberTests {
    /// Makes demo clip `number` (4 s at the smallest number) in `directory`.
    static func makeClip(_ number: Int, size: PixelSize, in directory: URL) throws -> (URL, DemoPalette.Color) {
        try MediaRuntime.initialize()
        let plan = DemoMediaPlan(clipCount: number, clipSize: size)
        let clip = plan.clips[number - 1]
        let url = directory.appendingPathComponent(clip.videoName)
        try DemoMediaJob(item: "clip", message: "", weight: 1, target: url,
                         pipeline: DemoPipelines.clipVideo(clip, aacEncoder: MediaRuntime.aacEncoder),
                         timeout: 60).render(in: directory)
        return (url, clip.color)
    }

    @Test func theFirstFrameFillsTheBoxAndShowsTheClipsColourInTheMiddle() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let (clip, color) = try Self.makeClip(1, size: PixelSize(width: 540, height: 960), in: temp.url)

        let box = PixelSize(width: 270, height: 480)
        let frame = try FrameGrabber.firstFrame(uri: clip.absoluteString, box: box, fit: .cover)
        #expect(frame.width == box.width && frame.height == box.height)
        #expect(frame.format == .bgra8Premultiplied)
        #expect(frame.stride == box.width * 4)
        let centre = pixel(frame, x: box.width / 2, y: box.height / 2)
        #expect(abs(centre.r - color.red) < 24 && abs(centre.g - color.green) < 24 && abs(centre.b - color.blue) < 24,
                "centre \(centre) vs \(color.name)")
    }

    @Test func coverOfALandscapeBoxCropsAndContainFitsInside() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let (clip, _) = try Self.makeClip(2, size: PixelSize(width: 270, height: 480), in: temp.url)
        let box = PixelSize(width: 300, height: 200)

        let cover = try FrameGrabber.firstFrame(uri: clip.absoluteString, box: box, fit: .cover)
        #expect(cover.width == 270 && cover.height == 200, "cover never upscales, then crops the height")
        let contain = try FrameGrabber.firstFrame(uri: clip.absoluteString, box: box, fit: .contain)
        #expect(contain.width == 113 && contain.height == 200)
    }

    @Test func aFileThatIsNotAVideoThrows() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let text = temp.url.appendingPathComponent("notes.mp4")
        try Data(String(repeating: "not a video at all\n", count: 200).utf8).write(to: text)
        #expect {
            _ = try FrameGrabber.firstFrame(uri: text.absoluteString, box: PixelSize(width: 100, height: 100), fit: .cover)
        } throws: { error in
            guard case .notAVideo = error as? MediaDecodeError else { return false }
            return true
        }
    }

    @Test func aSoundWithoutPicturesIsNotAVideo() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let tone = temp.url.appendingPathComponent("tone.mp4")
        try MediaRuntime.initialize()
        try DemoMediaJob(item: "tone", message: "", weight: 1, target: tone, pipeline: """
            audiotestsrc num-buffers=20 ! audioconvert ! \(MediaRuntime.aacEncoder) ! aacparse ! mp4mux ! filesink name=sink
            """, timeout: 30).render(in: temp.url)
        let start = Date()
        #expect {
            _ = try FrameGrabber.firstFrame(uri: tone.absoluteString, box: PixelSize(width: 100, height: 100), fit: .cover)
        } throws: { error in
            guard case .notAVideo = error as? MediaDecodeError else { return false }
            return true
        }
        #expect(Date().timeIntervalSince(start) < FrameGrabber.timeout, "fails at once rather than waiting for the timeout")
    }

    @Test func aMissingFileIsUnreadable() {
        let uri = URL(fileURLWithPath: "/nonexistent/flick/clip.mp4").absoluteString
        #expect {
            _ = try FrameGrabber.firstFrame(uri: uri, box: PixelSize(width: 100, height: 100), fit: .cover)
        } throws: { error in
            guard case .unreadable = error as? MediaDecodeError else { return false }
            return true
        }
    }
}
