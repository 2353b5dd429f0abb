import FeedCore
import Foundation
import Testing
@testable import FeedDemo
@testable import FeedMedia

/// Phone clips through the media layer alone: the poster grabbed from a
/// turned clip is upright and sized for the page.
@Suite("Phone media in the media layer")
struct PhoneMediaTests {
    @Test("the first frame grabbed from a clip with a display matrix is upright, in every fit",
          arguments: PhoneMedia.Turn.allCases, [ContentFit.cover, .contain])
    func grabbedFrameIsUpright(turn: PhoneMedia.Turn, fit: ContentFit) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-phone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = folder.appendingPathComponent("\(turn.rawValue).mp4")
        try PhoneMedia.clip(turn, at: clip)

        let box = PixelSize(width: 90, height: 160)
        let frame = try FrameGrabber.firstFrame(uri: clip.absoluteString, box: box, fit: fit)
        // The upright picture is 9:16 like the box, so both fits fill it.
        #expect(abs(frame.width - box.width) <= 1 && abs(frame.height - box.height) <= 1, "\(frame.width)x\(frame.height)")
        let top = pixel(frame, x: frame.width / 2, y: frame.height / 10)
        let middle = pixel(frame, x: frame.width / 2, y: frame.height * 6 / 10)
        #expect(top.r > 180 && top.b < 80, "\(turn): the top band is red, got \(top)")
        #expect(middle.b > 180 && middle.r < 80, "\(turn): below it is blue, got \(middle)")
    }

    private func pixel(_ image: DecodedImage, x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        let at = y * image.stride + x * image.format.bytesPerPixel
        let first = Int(image.bytes[at]), second = Int(image.bytes[at + 1]), third = Int(image.bytes[at + 2])
        // The byte order is the one the image says it has.
        return image.format == .bgra8Premultiplied ? (third, second, first) : (first, second, third)
    }
}
