import FeedCore
import Foundation
import Testing
@testable import FeedDemo
@testable import FeedMedia

/// Animated GIF and WebP through gdk-pixbuf's animation API, frame by frame
/// at the page size. The files are written by ImageMagick (a set-up script
/// package) from two PNGs made with gdk-pixbuf: red, then blue.
@Suite struct PictureAnimationTests {
    /// A two-frame animation (red 200 ms, blue 200 ms) in `format`, looping.
    static func animation(_ format: String, in directory: URL, frames: Int = 2) throws -> URL {
        var sources: [String] = []
        for index in 0..<frames {
            let png = directory.appendingPathComponent("frame-\(index).png")
            try writePicture(png, width: 120, height: 80) { _, _ in index % 2 == 0 ? (220, 30, 30) : (30, 30, 220) }
            sources.append(png.path)
        }
        let url = directory.appendingPathComponent("anim.\(format)")
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        convert.arguments = ["-delay", "20", "-loop", "0"] + sources + [url.path]
        try convert.run()
        convert.waitUntilExit()
        guard convert.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return url
    }

    private func centre(_ image: DecodedImage) -> (r: Int, b: Int) {
        let at = (image.height / 2) * image.stride + (image.width / 2) * image.format.bytesPerPixel
        return (Int(image.bytes[at]), Int(image.bytes[at + 2]))
    }

    @Test(arguments: ["gif", "webp"])
    func anAnimationPlaysItsFramesAtPageSizeAndLoops(format: String) throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let url = try Self.animation(format, in: temp.url)
        let box = PixelSize(width: 60, height: 40)
        let animation = try #require(try PictureAnimation.open(file: url, box: box, fit: .cover), "\(format) animates")
        let first = try #require(animation.nextFrame())
        #expect(first.image.width == box.width && first.image.height == box.height)
        #expect(first.milliseconds == 200)
        #expect(centre(first.image).r > 180, "the first frame is red: \(centre(first.image))")
        // Wall-clock driven, as gdk-pixbuf's iterator is: the next frames come
        // after their delays, and the red frame comes back (it loops).
        var colours: [Bool] = []
        let deadline = Date().addingTimeInterval(2)
        while Date() < deadline, colours.count < 4 {
            Thread.sleep(forTimeInterval: 0.21)
            if let frame = animation.nextFrame() { colours.append(centre(frame.image).b > 180) }
        }
        #expect(colours.contains(true) && colours.contains(false), "blue and red frames alternate: \(colours)")
    }

    @Test func aStillGIFIsNotAnAnimation() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let url = try Self.animation("gif", in: temp.url, frames: 1)
        #expect(try PictureAnimation.open(file: url, box: PixelSize(width: 60, height: 40), fit: .cover) == nil)
    }
}
