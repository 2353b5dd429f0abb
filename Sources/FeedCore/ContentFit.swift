// Pure: values only, imports Foundation at most.

/// How media fills a page whose aspect ratio differs from its own.
public enum ContentFit: String, Sendable, Hashable, Codable, CaseIterable {
    /// Fill the page and crop what overflows (the default for a feed).
    case cover
    /// Show all of the media and letterbox the rest.
    case contain

    /// The size, in pixels, to decode a `source`-sized picture at so that it
    /// fits a `box`-sized page: never larger than needed for the box (and
    /// never larger than the source). Both sizes are width x height in pixels.
    /// A zero or negative size gives (0, 0).
    public func decodeSize(source: PixelSize, box: PixelSize) -> PixelSize {
        guard source.width > 0, source.height > 0, box.width > 0, box.height > 0 else {
            return PixelSize(width: 0, height: 0)
        }
        let sx = Double(box.width) / Double(source.width)
        let sy = Double(box.height) / Double(source.height)
        let scale = min(1.0, self == .cover ? max(sx, sy) : min(sx, sy))
        return PixelSize(width: max(1, Int((Double(source.width) * scale).rounded())),
                         height: max(1, Int((Double(source.height) * scale).rounded())))
    }

    /// The part of a `decoded`-sized picture that is visible in a `box`-sized
    /// page: centred and cropped for cover, the whole picture for contain.
    public func visibleRect(decoded: PixelSize, box: PixelSize) -> PixelRect {
        switch self {
        case .contain:
            return PixelRect(x: 0, y: 0, width: decoded.width, height: decoded.height)
        case .cover:
            let w = min(decoded.width, box.width)
            let h = min(decoded.height, box.height)
            return PixelRect(x: (decoded.width - w) / 2, y: (decoded.height - h) / 2, width: w, height: h)
        }
    }
}
