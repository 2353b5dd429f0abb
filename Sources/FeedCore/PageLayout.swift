// Pure: values only, imports Foundation at most.

/// Where a page draws its post and its controls: the fit the page shows
/// the post with, the post's rectangle in the page, and whether the like
/// rail and caption lie over the post (as on a phone) or beside it (a wide
/// window with room to the sides of a contained post).
public struct PageLayout: Sendable, Equatable {
    public enum Chrome: String, Sendable, Equatable, Codable {
        /// Over the post, at the page's edges (narrow windows, covered posts).
        case overlay
        /// In the bands beside the post: the rail right of it, the caption left.
        case beside
    }

    public var fit: ContentFit
    /// The post's rectangle in the page, in the page's units; the whole
    /// page when covered.
    public var media: PixelRect
    public var chrome: Chrome

    /// The band each side of a contained post needs for the controls to
    /// move beside it, in logical pixels (the rail is 56 wide, a caption
    /// needs some more).
    public static let besideMinimum = 160

    public init(fit: ContentFit, media: PixelRect, chrome: Chrome) {
        self.fit = fit
        self.media = media
        self.chrome = chrome
    }

    /// The layout of a `page`-sized page (logical pixels) showing
    /// `media`-sized media (any units; nil while unknown) as `choice` asks.
    public static func decide(choice: FitChoice, media: PixelSize?, page: PixelSize) -> PageLayout {
        let media = media.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
        let fit = choice.effective(media: media, box: page)
        let whole = PixelRect(x: 0, y: 0, width: max(0, page.width), height: max(0, page.height))
        guard fit == .contain, page.width > 0, page.height > 0,
              let media = media ?? (choice == .auto ? PixelSize(width: 9, height: 16) : nil),
              media.width > 0, media.height > 0 else {
            return PageLayout(fit: fit, media: whole, chrome: .overlay)
        }
        let scale = min(Double(page.width) / Double(media.width), Double(page.height) / Double(media.height))
        let width = min(page.width, Int((Double(media.width) * scale).rounded()))
        let height = min(page.height, Int((Double(media.height) * scale).rounded()))
        let rect = PixelRect(x: (page.width - width) / 2, y: (page.height - height) / 2, width: width, height: height)
        return PageLayout(fit: fit, media: rect, chrome: rect.x >= besideMinimum ? .beside : .overlay)
    }
}
