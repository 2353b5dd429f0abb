import FeedCore
import Foundation
import Testing
@testable import FeedMedia
@testable import FeedDemo

@Suite struct ImageDecoderTests {
    /// Makes the demo's 3000x4500 JPEG (picture 1) in `directory`.
    static func makeLargeJPEG(in directory: URL) throws -> URL {
        try MediaRuntime.initialize()
        let plan = DemoMediaPlan(clipCount: 1, clipSize: PixelSize(width: 540, height: 960))
        let picture = try #require(plan.pictures.first { $0.size == PixelSize(width: 3000, height: 4500) })
        let url = directory.appendingPathComponent(picture.fileName)
        try DemoMediaJob(item: "picture", message: "", weight: 1, target: url,
                         pipeline: DemoPipelines.picture(picture), timeout: 60).render(in: directory)
        return url
    }

    @Test func aLargeJPEGIsDecodedAtCoverSizeExactlyTheBox() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let jpeg = try Self.makeLargeJPEG(in: temp.url)
        #expect(ImageDecoder.size(of: jpeg) == PixelSize(width: 3000, height: 4500))

        let image = try ImageDecoder.decode(file: jpeg, box: PixelSize(width: 540, height: 960), fit: .cover)
        #expect(image.width == 540)
        #expect(image.height == 960)
        #expect(image.format == .rgb8)
        #expect(image.stride == 540 * 3)
        #expect(image.bytes.count == image.stride * image.height)
    }

    @Test func containKeepsTheWholePictureInsideTheBox() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let jpeg = try Self.makeLargeJPEG(in: temp.url)
        let image = try ImageDecoder.decode(file: jpeg, box: PixelSize(width: 540, height: 960), fit: .contain)
        #expect(image.width == 540)
        #expect(image.height == 810)
        #expect(image.bytes.count == image.stride * image.height)
    }

    @Test func coverScalesFirstThenCropsTheMiddleOfAWidePicture() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        // 400x200: left half red, right half blue, the top 40 rows black.
        let png = temp.url.appendingPathComponent("halves.png")
        try writePicture(png, width: 400, height: 200) { x, y in y < 40 ? (0, 0, 0) : x < 200 ? (255, 0, 0) : (0, 0, 255) }
        #expect(ImageDecoder.size(of: png) == PixelSize(width: 400, height: 200))

        // Scaled to 200x100 (the black band becomes rows 0-19), then the middle 100 columns.
        let image = try ImageDecoder.decode(file: png, box: PixelSize(width: 100, height: 100), fit: .cover)
        #expect(image.width == 100 && image.height == 100)
        let left = pixel(image, x: 10, y: 60)
        let right = pixel(image, x: 90, y: 60)
        let top = pixel(image, x: 10, y: 5)
        #expect(left.r > 200 && left.b < 60, "left of the middle is red: \(left)")
        #expect(right.b > 200 && right.r < 60, "right of the middle is blue: \(right)")
        #expect(top.r < 40 && top.b < 40, "the whole height is kept, so the black band shows: \(top)")
    }

    @Test func aPhoneMarkedRotatedAQuarterTurnIsShownUpright() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        // Stored 80x40, left half red, right half blue; EXIF orientation 6 says
        // "turn a quarter clockwise", so it shows 40x80 with red on top.
        let jpeg = temp.url.appendingPathComponent("phone.jpg")
        try writePicture(jpeg, width: 80, height: 40, type: "jpeg") { x, _ in x < 40 ? (255, 0, 0) : (0, 0, 255) }
        var bytes = try Data(contentsOf: jpeg)
        let exif: [UInt8] = [0xFF, 0xE1, 0x00, 0x22] + Array("Exif".utf8) + [0, 0,
            0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,     // big-endian TIFF, IFD0 at 8
            0x00, 0x01,                                         // one entry
            0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01,     // Orientation, SHORT, 1 value
            0x00, 0x06, 0x00, 0x00,                             // = 6
            0x00, 0x00, 0x00, 0x00]                             // no next IFD
        bytes.insert(contentsOf: exif, at: 2)
        try bytes.write(to: jpeg)

        let image = try ImageDecoder.decode(file: jpeg, box: PixelSize(width: 20, height: 40), fit: .cover)
        #expect(image.width == 20 && image.height == 40)
        let top = pixel(image, x: 10, y: 8)
        let bottom = pixel(image, x: 10, y: 32)
        #expect(top.r > 180 && top.b < 80, "top is red: \(top)")
        #expect(bottom.b > 180 && bottom.r < 80, "bottom is blue: \(bottom)")
    }

    @Test("a named pipe named as a picture is refused at once, never opened for reading", .timeLimit(.minutes(1)))
    func aPipeIsNotAPicture() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let pipe = temp.url.appendingPathComponent("photo.jpg")
        #expect(mkfifo(pipe.path, 0o644) == 0)
        #expect(ImageDecoder.size(of: pipe) == nil)
        #expect(throws: MediaDecodeError.notAFile(pipe.path, what: "a pipe, socket or device")) {
            try ImageDecoder.decode(file: pipe, box: PixelSize(width: 100, height: 100), fit: .cover)
        }
        #expect(try PictureAnimation.open(file: pipe, box: PixelSize(width: 100, height: 100), fit: .cover) == nil)
    }

    @Test func aCorruptFileThrowsInsteadOfShowingGarbage() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let fake = temp.url.appendingPathComponent("broken.jpg")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: fake)
        #expect(ImageDecoder.size(of: fake) == nil)
        #expect(throws: MediaDecodeError.notAnImage(fake.path)) {
            try ImageDecoder.decode(file: fake, box: PixelSize(width: 100, height: 100), fit: .cover)
        }

        // A real PNG whose compressed pixels were damaged: libpng's checksums catch it.
        let png = temp.url.appendingPathComponent("damaged.png")
        try writePicture(png, width: 64, height: 64) { x, y in (UInt8(x * 4), UInt8(y * 4), 128) }
        var bytes = try Data(contentsOf: png)
        let idat = try #require(bytes.range(of: Data("IDAT".utf8)))
        for i in idat.upperBound + 8..<min(bytes.count - 20, idat.upperBound + 40) { bytes[i] ^= 0x5A }
        try bytes.write(to: png)
        #expect(ImageDecoder.size(of: png) == PixelSize(width: 64, height: 64), "the header is intact")
        #expect {
            _ = try ImageDecoder.decode(file: png, box: PixelSize(width: 64, height: 64), fit: .cover)
        } throws: { error in
            guard case .corrupt(let path, _) = error as? MediaDecodeError else { return false }
            return path == png.path
        }
    }

    @Test func aMissingFileIsReportedAsUnreadable() {
        let missing = URL(fileURLWithPath: "/nonexistent/flick/picture.jpg")
        #expect(ImageDecoder.size(of: missing) == nil)
        do {
            _ = try ImageDecoder.decode(file: missing, box: PixelSize(width: 10, height: 10), fit: .cover)
            Issue.record("decoding a missing file succeeded")
        } catch let error as MediaDecodeError {
            guard case .unreadable(let path, _) = error else {
                Issue.record("expected unreadable, got \(error)")
                return
            }
            #expect(path == missing.path)
            #expect(error.description.contains(missing.path))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}

/// The pixel at (x, y) of an image in the byte order its format says
/// (RGB, RGBA or BGRA); (-1, -1, -1) outside it, so a wrong size fails an
/// expectation instead of crashing.
func pixel(_ image: DecodedImage, x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
    guard x >= 0, y >= 0, x < image.width, y < image.height else { return (-1, -1, -1) }
    let offset = image.bytes.startIndex + y * image.stride + x * image.format.bytesPerPixel
    let first = Int(image.bytes[offset]), second = Int(image.bytes[offset + 1]), third = Int(image.bytes[offset + 2])
    return image.format == .bgra8Premultiplied ? (third, second, first) : (first, second, third)
}

/// Pictures whose header claims more pixels than Flick decodes.
@Suite struct PictureBombTests {
    /// A real PNG of 8×8 whose header is rewritten to claim `width`×`height`
    /// (the chunk's CRC made anew): what a decompression bomb's header says.
    static func bomb(_ url: URL, width: UInt32, height: UInt32) throws {
        try writePicture(url, width: 8, height: 8) { _, _ in (200, 10, 10) }
        var bytes = [UInt8](try Data(contentsOf: url))
        // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4), ...
        for (offset, value) in [(16, width), (20, height)] {
            for shift in 0..<4 { bytes[offset + shift] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(shift))) }
        }
        let crc = crc32(bytes[12..<29])
        for shift in 0..<4 { bytes[29 + shift] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(shift))) }
        try Data(bytes).write(to: url)
    }

    /// CRC-32 as PNG chunks carry it (ISO 3309, reflected 0xEDB88320).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test(arguments: [(30_000, 30_000), (20_000, 20_000), (8_000, 7_000)])
    func aPictureClaimingTooManyPixelsIsRefusedBeforeDecoding(_ size: (Int, Int)) throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let url = temp.url.appendingPathComponent("bomb.png")
        try Self.bomb(url, width: UInt32(size.0), height: UInt32(size.1))
        #expect(ImageDecoder.size(of: url) == PixelSize(width: size.0, height: size.1), "gdk-pixbuf reads the header")

        // Peak resident memory from here on (writing 5 resets the high-water mark).
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        func status() throws -> String { try String(contentsOfFile: "/proc/self/status", encoding: .utf8) }
        let before = try #require(ProcessMemory.kilobytes("VmRSS", inStatus: try status()))
        #expect(throws: MediaDecodeError.tooManyPixels(url.path, width: size.0, height: size.1,
                                                      limit: ImageDecoder.maxPixelsDecodedWhole)) {
            try ImageDecoder.decode(file: url, box: PixelSize(width: 540, height: 960), fit: .cover)
        }
        let peak = try #require(ProcessMemory.kilobytes("VmHWM", inStatus: try status()))
        #expect(peak - before < Int64(64 * 1024), "peak grew by \(peak - before) kB")
        #expect(PictureFailure(MediaDecodeError.tooManyPixels("", width: 1, height: 1, limit: 1)).code == .imageDecodeFailed)
    }

    @Test func aPictureUnderTheLimitStillDecodes() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let url = temp.url.appendingPathComponent("fine.png")
        try writePicture(url, width: 64, height: 64) { _, _ in (1, 2, 3) }
        let image = try ImageDecoder.decode(file: url, box: PixelSize(width: 32, height: 32), fit: .cover)
        #expect(image.width == 32)
    }
}
