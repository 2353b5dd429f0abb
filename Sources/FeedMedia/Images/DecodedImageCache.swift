import FeedCore

/// Pictures already decoded at page size, kept in memory so a page that
/// comes back (a swipe back, a remount) shows its still without decoding
/// again. Bounded by bytes of pixels, least recently used out first.
/// GTK thread only.
@MainActor
public final class DecodedImageCache {
    /// What a decoded picture is for: its source, the page's pixel box and
    /// the fit (a picture decoded for one box is not right for another).
    public struct Key: Hashable, Sendable {
        public var source: String
        public var box: PixelSize
        public var fit: ContentFit

        public init(source: String, box: PixelSize, fit: ContentFit) {
            self.source = source
            self.box = box
            self.fit = fit
        }
    }

    /// The most pixel bytes kept.
    public let budgetBytes: Int
    /// Pixel bytes kept now.
    public private(set) var bytes = 0
    private var images: [Key: (image: DecodedImage, used: UInt64)] = [:]
    private var clock: UInt64 = 0

    public init(budgetBytes: Int) {
        self.budgetBytes = budgetBytes
    }

    /// Pictures kept now.
    public var count: Int { images.count }

    /// The picture for `key`, marked as just used.
    public func image(for key: Key) -> DecodedImage? {
        guard let entry = images[key] else { return nil }
        clock += 1
        images[key] = (entry.image, clock)
        return entry.image
    }

    /// Keeps `image`, evicting the least recently used over budget. A
    /// picture larger than the whole budget is not kept.
    public func insert(_ image: DecodedImage, for key: Key) {
        guard image.bytes.count <= budgetBytes else { return }
        if let old = images.removeValue(forKey: key) { bytes -= old.image.bytes.count }
        clock += 1
        images[key] = (image, clock)
        bytes += image.bytes.count
        while bytes > budgetBytes, let oldest = images.min(by: { $0.value.used < $1.value.used }) {
            images[oldest.key] = nil
            bytes -= oldest.value.image.bytes.count
        }
    }

    /// Drops everything (memory pressure).
    public func removeAll() {
        images.removeAll()
        bytes = 0
    }
}
