import CGLib
import FeedCore
import Foundation
import Testing
@testable import FeedMedia

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
}
