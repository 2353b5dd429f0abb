// Pure: values only, imports Foundation at most.

/// How the user asked media to fill its page: `auto` (the default) covers
/// where little would be cut off and shows the whole post elsewhere;
/// `cover` and `contain` always do so. Each page turns the choice into a
/// ``ContentFit`` for its own post (``PageLayout``).
public enum FitChoice: String, Sendable, Hashable, Codable, CaseIterable {
    case auto
    case cover
    case contain

    /// The most of the media's width or height `auto` lets cover cut off
    /// (a share, 0.2 = 20%): a phone-shaped window still fills, a wide one
    /// shows the whole post.
    public static let maxCrop = 0.2

    /// What the players and stills decode at. Under `auto` a page may show
    /// its post either way, so it is decoded whole (contain) and a covered
    /// page scales it up by at most 1 / (1 - ``maxCrop``).
    public var decodeFit: ContentFit {
        self == .cover ? .cover : .contain
    }

    /// The choice after this one: `c` cycles auto → cover → contain.
    public var next: FitChoice {
        switch self {
        case .auto: .cover
        case .cover: .contain
        case .contain: .auto
        }
    }

    /// The fit a `box`-sized page shows `media`-sized media with (any units,
    /// the same for both). Media of unknown size is taken as portrait 9:16,
    /// the shape of most posts, until its size is known.
    public func effective(media: PixelSize?, box: PixelSize) -> ContentFit {
        switch self {
        case .cover: return .cover
        case .contain: return .contain
        case .auto:
            let media = media.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil } ?? PixelSize(width: 9, height: 16)
            guard box.width > 0, box.height > 0 else { return .cover }
            return Self.coverCrop(media: media, box: box) <= Self.maxCrop + 1e-9 ? .cover : .contain
        }
    }

    /// The share of the media's width or height (whichever is cut) that
    /// covering a `box` cuts off: 0 when the shapes match.
    public static func coverCrop(media: PixelSize, box: PixelSize) -> Double {
        guard media.width > 0, media.height > 0, box.width > 0, box.height > 0 else { return 0 }
        let mediaShape = Double(media.width) / Double(media.height)
        let boxShape = Double(box.width) / Double(box.height)
        // Wider media than the box loses width; taller media loses height.
        return mediaShape > boxShape ? 1 - boxShape / mediaShape : 1 - mediaShape / boxShape
    }
}
