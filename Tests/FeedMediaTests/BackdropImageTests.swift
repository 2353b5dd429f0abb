import Foundation
import Testing
@testable import FeedMedia

/// The backdrop around a contained post: the post's still shrunk to a few
/// dozen pixels, softened and darkened.
@Suite("Backdrop image")
struct BackdropImageTests {
    /// A `width`×`height` picture: `top` over its upper half, `bottom` under it.
    private func picture(width: Int, height: Int, top: [UInt8], bottom: [UInt8], format: PixelFormat) -> DecodedImage {
        let bytesPerPixel = format.bytesPerPixel
        var bytes = Data(count: width * height * bytesPerPixel)
        for y in 0..<height {
            let colour = y < height / 2 ? top : bottom
            for x in 0..<width {
                for channel in 0..<bytesPerPixel {
                    bytes[(y * width + x) * bytesPerPixel + channel] = channel < 3 ? colour[channel] : 255
                }
            }
        }
        return DecodedImage(bytes: bytes, width: width, height: height, stride: width * bytesPerPixel, format: format)
    }

    @Test("a 720×1280 still becomes at most 24 pixels on its longer side, in its shape, RGB")
    func smallInTheStillsShape() throws {
        let still = picture(width: 720, height: 1280, top: [200, 40, 40], bottom: [200, 40, 40], format: .rgb8)
        let backdrop = try #require(BackdropImage.make(from: still))
        #expect(backdrop.height == 24 && backdrop.width == 14)
        #expect(backdrop.format == .rgb8 && backdrop.stride == backdrop.width * 3)
    }

    @Test("a plain colour stays that colour at 40% of its brightness, in every pixel")
    func darkenedEvenly() throws {
        let still = picture(width: 64, height: 64, top: [200, 100, 50], bottom: [200, 100, 50], format: .rgb8)
        let backdrop = try #require(BackdropImage.make(from: still))
        for pixel in stride(from: 0, to: backdrop.bytes.count, by: 3) {
            #expect(Array(backdrop.bytes[pixel..<pixel + 3]) == [80, 40, 20])
        }
    }

    @Test("BGRA frames come out in RGB order; two colours blend into each other across the middle")
    func frameOrderAndSoftEdges() throws {
        // Blue over red, stored B G R A.
        let frame = picture(width: 90, height: 160, top: [255, 0, 0], bottom: [0, 0, 255], format: .bgra8Premultiplied)
        let backdrop = try #require(BackdropImage.make(from: frame))
        let column = stride(from: 0, to: backdrop.height, by: 1).map { row in
            Array(backdrop.bytes[(row * backdrop.width) * 3..<(row * backdrop.width) * 3 + 3])
        }
        #expect(column.first == [0, 0, 102], "the top is blue, darkened")
        #expect(column.last == [102, 0, 0], "the bottom is red, darkened")
        let middle = column[backdrop.height / 2]
        #expect(middle[0] > 0 && middle[2] > 0, "the middle is a blend: \(middle)")
    }

    @Test("an empty or malformed picture makes none")
    func malformedMakesNone() {
        let bytes = [UInt8](repeating: 0, count: 16)
        bytes.withUnsafeBytes { buffer in
            #expect(BackdropImage.make(base: buffer.baseAddress!, width: 0, height: 4, stride: 0, bytesPerPixel: 4, bgr: true) == nil)
            #expect(BackdropImage.make(base: buffer.baseAddress!, width: 4, height: 1, stride: 8, bytesPerPixel: 4, bgr: true) == nil)
        }
    }
}
