import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia

/// How one page lays out its post: the user's fit choice, the page's size
/// and the post's, the layout FeedCore's ``PageLayout`` made of them, and
/// the backdrop drawn around a post shown whole. Owned by its ``FeedPage``
/// on the GTK thread; the page moves its controls when the layout changes.
@MainActor
final class PageArrangement {
    /// Where the post's size was learnt: a later source is the truer one
    /// (a poster may be cropped to another shape than the video's frames).
    enum MediaSource: Int, Comparable {
        case item, still, frame
        static func < (a: MediaSource, b: MediaSource) -> Bool { a.rawValue < b.rawValue }
    }

    /// The blurred, darkened still behind a contained post; hidden otherwise.
    let backdrop: WidgetPointer
    private(set) var choice: FitChoice
    /// The page's size in logical pixels, once allocated.
    private var page = PixelSize(width: 0, height: 0)
    /// The post's size (any units: only its shape counts) and where it came from.
    private var media: (size: PixelSize, source: MediaSource)?
    /// The layout last applied, nil until the page has a size.
    private(set) var layout: PageLayout?
    /// Whether this binding's backdrop is made (once per post).
    private var backdropMade = false

    init(choice: FitChoice) {
        self.choice = choice
        backdrop = gtk_picture_new()!
        Widget.addClasses(backdrop, "flick-backdrop")
        gtk_picture_set_content_fit(gopaque(backdrop), GTK_CONTENT_FIT_COVER)
        gtk_picture_set_can_shrink(gopaque(backdrop), 1)
        gtk_widget_set_can_target(backdrop, 0)
        gtk_widget_set_can_focus(backdrop, 0)
        Widget.setAccessibleHidden(backdrop, true)
        gtk_widget_set_visible(backdrop, 0)
    }

    /// A new post: its size is what the item says, if anything, and it has no backdrop yet.
    func bind(_ item: FeedItem?) {
        media = nil
        if let item, let width = item.width, let height = item.height, width > 0, height > 0 {
            media = (PixelSize(width: width, height: height), .item)
        }
        backdropMade = false
        gtk_picture_set_paintable(gopaque(backdrop), nil)
    }

    func setChoice(_ choice: FitChoice) { self.choice = choice }

    func setPage(_ size: PixelSize) { page = size }

    /// The post's size as `source` shows it; an earlier kind of source does
    /// not overrule a later one.
    func noteMedia(_ size: PixelSize, from source: MediaSource) {
        guard size.width > 0, size.height > 0 else { return }
        if let known = media, known.source > source { return }
        media = (size, source)
    }

    /// The layout for what is known now, when it differs from the one
    /// applied (nil when nothing changed or the page has no size yet).
    func relayout() -> PageLayout? {
        guard page.width > 0, page.height > 0 else { return nil }
        let next = PageLayout.decide(choice: choice, media: media?.size, page: page)
        guard next != layout else { return nil }
        layout = next
        gtk_widget_set_visible(backdrop, next.fit == .contain && backdropMade ? 1 : 0)
        return next
    }

    /// Whether the page still wants a backdrop: its post is shown whole and
    /// none is made for this binding yet.
    var wantsBackdrop: Bool { !backdropMade }

    /// Shows `image` (a ``BackdropImage``) behind the post.
    func showBackdrop(_ image: DecodedImage) {
        guard !backdropMade, let texture = TextureFactory.texture(from: image) else { return }
        backdropMade = true
        gtk_picture_set_paintable(gopaque(backdrop), gopaque(texture.raw))
        gtk_widget_set_visible(backdrop, layout?.fit == .contain ? 1 : 0)
    }
}
