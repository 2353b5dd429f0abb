import CGLib
import FeedCore
@testable import FeedDemo
@testable import FeedMedia
@testable import FeedSources
import Foundation
import Testing

/// The picture formats the set-up script's gdk-pixbuf loaders add, read
/// through the same decoder and limits as JPEG and PNG.
@Suite struct PictureFormatTests {
    @Test func theLoadersForWebPHEIFAndAVIFAreInstalledAndNamedAtRunTime() {
        let names = MediaContentType.pictureFormatNames
        for expected in ["jpeg", "png", "gif", "webp", "heif", "avif"] {
            // The HEIF loader calls itself "heif/avif".
            #expect(names.contains { $0.split(separator: "/").contains(Substring(expected)) }, "gdk-pixbuf reads \(names)")
        }
        #expect(MediaContentType.kind(of: "image/webp") == .image)
        #expect(MediaContentType.kind(of: "image/heif") == .image)
        #expect(MediaContentType.kind(of: "image/avif") == .image)
        // What Flick says it shows is what the loaders report.
        #expect(MediaDecodeError.notAnImage("x").description.contains("WEBP"))
    }

    @Test func aWebPPictureDecodesAtPageSize() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let url = temp.url.appendingPathComponent("photo.webp")
        try writePicture(url, width: 640, height: 480, type: "webp") { x, _ in (UInt8(x % 256), 40, 200) }
        #expect(ImageDecoder.size(of: url) == PixelSize(width: 640, height: 480))
        let image = try ImageDecoder.decode(file: url, box: PixelSize(width: 320, height: 240), fit: .cover)
        #expect(image.width == 320 && image.height == 240)
    }

    /// HEIC (HEVC through libheif's x265 encoder) and AVIF (AV1 through
    /// libaom), written by ImageMagick from a PNG made with gdk-pixbuf.
    @Test(arguments: ["heic", "avif"])
    func aPictureEncodedByLibheifDecodesAtPageSizeWithItsColours(format: String) throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let png = temp.url.appendingPathComponent("source.png")
        // Top half red, bottom half blue.
        try writePicture(png, width: 320, height: 240) { _, y in y < 120 ? (220, 30, 30) : (30, 30, 220) }
        let url = temp.url.appendingPathComponent("photo.\(format)")
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        convert.arguments = [png.path, url.path]
        try convert.run()
        convert.waitUntilExit()
        try #require(convert.terminationStatus == 0, "ImageMagick wrote \(format)")
        #expect(ImageDecoder.size(of: url) == PixelSize(width: 320, height: 240))
        let image = try ImageDecoder.decode(file: url, box: PixelSize(width: 160, height: 120), fit: .cover)
        #expect(image.width == 160 && image.height == 120)
        let bpp = image.format.bytesPerPixel
        let top = image.bytes[(20 * image.stride + 80 * bpp)...].prefix(3).map(Int.init)
        let bottom = image.bytes[(100 * image.stride + 80 * bpp)...].prefix(3).map(Int.init)
        #expect(top[0] > 170 && top[2] < 90, "\(format): red on top, got \(top)")
        #expect(bottom[2] > 170 && bottom[0] < 90, "\(format): blue below, got \(bottom)")
    }

    /// The README names the formats as this machine's loaders report them.
    @Test func theREADMEListsTheFormatsTheLoadersReport() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../README.md").standardizedFileURL
        let text = try String(contentsOf: readme, encoding: .utf8)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let start = text.range(of: "the loaders report: ")
        try #require(start != nil, "README says what the loaders report")
        let listed = text[start!.upperBound...].prefix { $0 != "(" }
            .split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
        #expect(listed == MediaContentType.pictureFormatNames, "README lists \(listed)")
    }
}
