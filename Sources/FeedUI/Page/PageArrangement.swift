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

    /// The blurred, darkened still beside a contained post (hidden
    /// otherwise): an overlay of no size of its own whose two pictures fill
    /// the bands on either side of the post and never lie under it, so a
    /// video's new frame never repaints them.
    let backdrop: WidgetPointer
    /// The band before the post (left or top) and the one after it.
    private let bands: (WidgetPointer, WidgetPointer)
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
        let backdrop = gtk_overlay_new()!
        gtk_overlay_set_child(gopaque(backdrop), gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
        func band() -> WidgetPointer {
            let picture = gtk_picture_new()!
            Widget.addClasses(picture, "flick-backdrop")
            gtk_picture_set_content_fit(gopaque(picture), GTK_CONTENT_FIT_COVER)
            gtk_picture_set_can_shrink(gopaque(picture), 1)
            gtk_widget_set_can_target(picture, 0)
            gtk_widget_set_can_focus(picture, 0)
            gtk_overlay_add_overlay(gopaque(backdrop), picture)
            return picture
        }
        bands = (band(), band())
        self.backdrop = backdrop
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
        gtk_picture_set_paintable(gopaque(bands.0), nil)
        gtk_picture_set_paintable(gopaque(bands.1), nil)
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
        placeBands(around: next.media)
        gtk_widget_set_visible(backdrop, next.fit == .contain && backdropMade ? 1 : 0)
        return next
    }

    /// Sizes the two bands to the page's space left and right of the post
    /// (or above and below it, for a post wider than the page's shape).
    private func placeBands(around post: PixelRect) {
        let sideways = post.width < page.width
        let before = sideways ? post.x : post.y
        let after = sideways ? page.width - post.x - post.width : page.height - post.y - post.height
        for (band, size, align) in [(bands.0, before, GTK_ALIGN_START), (bands.1, after, GTK_ALIGN_END)] {
            gtk_widget_set_halign(band, sideways ? align : GTK_ALIGN_FILL)
            gtk_widget_set_valign(band, sideways ? GTK_ALIGN_FILL : align)
            gtk_widget_set_size_request(band, sideways ? Int32(max(0, size)) : -1, sideways ? -1 : Int32(max(0, size)))
            gtk_widget_set_visible(band, size > 0 ? 1 : 0)
        }
    }

    /// Whether the page still wants a backdrop: its post is shown whole and
    /// none is made for this binding yet.
    var wantsBackdrop: Bool { !backdropMade }

    /// Shows `image` (a ``BackdropImage``) behind the post.
    func showBackdrop(_ image: DecodedImage) {
        guard !backdropMade, let texture = TextureFactory.texture(from: image) else { return }
        backdropMade = true
        gtk_picture_set_paintable(gopaque(bands.0), gopaque(texture.raw))
        gtk_picture_set_paintable(gopaque(bands.1), gopaque(texture.raw))
        gtk_widget_set_visible(backdrop, layout?.fit == .contain ? 1 : 0)
    }
}
