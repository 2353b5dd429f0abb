import CGLib
import Foundation

/// The backdrop around a post shown whole in a wider (or taller) page: the
/// post's own still or frame shrunk to a few dozen pixels, softened and
/// darkened. The page scales it up to fill itself, which blurs it further
/// for free; made once per post, so no frame pays for a blur.
///
/// Pure pixel work on any thread: about 2,000 samples whatever the
/// source's size.
public enum BackdropImage {
    /// The backdrop's longer side, in pixels.
    public static let longSide = 24
    /// What is left of the colours' brightness (0.4: darkened by 60%), so
    /// white captions and controls read over any post.
    public static let brightness = 0.4

    /// The backdrop of `width`×`height` pixels at `base` (rows `stride`
    /// bytes apart, `bytesPerPixel` 3 or 4, red first unless `bgr`), or nil
    /// for an empty or malformed picture. RGB, packed.
    public static func make(base: UnsafeRawPointer, width: Int, height: Int, stride: Int,
                            bytesPerPixel: Int, bgr: Bool) -> DecodedImage? {
        guard width > 0, height > 0, bytesPerPixel >= 3, stride >= width * bytesPerPixel else { return nil }
        let scale = Double(longSide) / Double(max(width, height))
        let outWidth = max(1, min(width, Int((Double(width) * scale).rounded())))
        let outHeight = max(1, min(height, Int((Double(height) * scale).rounded())))
        let pixels = base.assumingMemoryBound(to: UInt8.self)
        // Each output pixel averages a 3×3 grid of samples across its cell.
        var shrunk = [Double](repeating: 0, count: outWidth * outHeight * 3)
        for oy in 0..<outHeight {
            for ox in 0..<outWidth {
                var sum = (0.0, 0.0, 0.0)
                for sy in 0..<3 {
                    let y = min(height - 1, (oy * 3 + sy) * height / (outHeight * 3) + height / (outHeight * 6))
                    for sx in 0..<3 {
                        let x = min(width - 1, (ox * 3 + sx) * width / (outWidth * 3) + width / (outWidth * 6))
                        let pixel = pixels + y * stride + x * bytesPerPixel
                        sum.0 += Double(pixel[0]); sum.1 += Double(pixel[1]); sum.2 += Double(pixel[2])
                    }
                }
                let at = (oy * outWidth + ox) * 3
                let (first, last) = (sum.0 / 9, sum.2 / 9)
                shrunk[at] = bgr ? last : first
                shrunk[at + 1] = sum.1 / 9
                shrunk[at + 2] = bgr ? first : last
            }
        }
        let soft = boxBlur(boxBlur(shrunk, width: outWidth, height: outHeight), width: outWidth, height: outHeight)
        let bytes = Data(soft.map { UInt8(clamping: Int(($0 * brightness).rounded())) })
        return DecodedImage(bytes: bytes, width: outWidth, height: outHeight, stride: outWidth * 3, format: .rgb8)
    }

    /// The picture with each pixel the mean of its 3×3 neighbourhood (edges clamped).
    static func boxBlur(_ source: [Double], width: Int, height: Int) -> [Double] {
        var out = source
        for y in 0..<height {
            for x in 0..<width {
                var sum = (0.0, 0.0, 0.0)
                for dy in -1...1 {
                    let yy = min(height - 1, max(0, y + dy))
                    for dx in -1...1 {
                        let at = (yy * width + min(width - 1, max(0, x + dx))) * 3
                        sum.0 += source[at]; sum.1 += source[at + 1]; sum.2 += source[at + 2]
                    }
                }
                let at = (y * width + x) * 3
                out[at] = sum.0 / 9; out[at + 1] = sum.1 / 9; out[at + 2] = sum.2 / 9
            }
        }
        return out
    }
}

extension BackdropImage {
    /// The backdrop of a decoded still.
    public static func make(from image: DecodedImage) -> DecodedImage? {
        image.bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return make(base: base, width: image.width, height: image.height, stride: image.stride,
                        bytesPerPixel: image.format.bytesPerPixel, bgr: image.format == .bgra8Premultiplied)
        }
    }
}

extension BackdropImage {
    /// The backdrop of a video frame (BGRA).
    public static func make(from frame: VideoFrame) -> DecodedImage? {
        var size: gsize = 0
        guard let data = g_bytes_get_data(frame.bytes, &size), Int(size) >= frame.stride * (frame.height - 1) + frame.width * 4 else {
            return nil
        }
        return make(base: data, width: frame.width, height: frame.height, stride: frame.stride, bytesPerPixel: 4, bgr: true)
    }
}
