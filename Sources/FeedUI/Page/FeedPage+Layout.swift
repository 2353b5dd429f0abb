import CGtk
import FeedCore
import FeedGObject
import FeedMedia

/// Where a page draws its post and its controls (FeedCore's
/// ``PageLayout``): the post covered or whole, and the like rail, speaker,
/// caption and seek bar over the post or in the bands beside it, with a
/// backdrop made from the post's own still. GTK thread only.
extension FeedPage {
    /// The fit the page shows its post with now.
    var effectiveFit: ContentFit { arrangement.layout?.fit ?? arrangement.choice.effective(media: nil, box: still.box) }

    /// Lays the page out again when the choice, the page's size or the
    /// post's shape changed what it should be. A page that turns to
    /// showing its post whole without a backdrop asks for its still again
    /// (answered from the decoded pictures) to make one from.
    func relayout() {
        relayout(backdropFrom: nil)
    }

    /// The post's shape from a still the session decoded for this page.
    func learnShape(from image: DecodedImage) {
        arrangement.noteMedia(PixelSize(width: image.width, height: image.height), from: .still)
        relayout { BackdropImage.make(from: image) }
    }

    /// The post's shape from its first video frame, the truest source (a
    /// poster may be cropped to another shape).
    func learnShape(from frame: VideoFrame) {
        arrangement.noteMedia(PixelSize(width: frame.width, height: frame.height), from: .frame)
        relayout { BackdropImage.make(from: frame) }
    }

    /// Lays out again; `source` makes the backdrop, only where the post
    /// shows whole (a covered page never needs one: no work per landing).
    private func relayout(backdropFrom source: (() -> DecodedImage?)?) {
        let fit = arrangement.layout?.fit
        if let layout = arrangement.relayout() {
            apply(layout)
            // Only a change of fit is news (`effective_fit`); a moved rectangle is not.
            if layout.fit != fit {
                host?.pageChanged(self)
                if layout.fit == .contain, source == nil, arrangement.wantsBackdrop {
                    shown.loaded = nil
                    loadIfNeeded()
                }
            }
        }
        guard let source, arrangement.layout?.fit == .contain, arrangement.wantsBackdrop, let image = source() else { return }
        arrangement.showBackdrop(image)
    }

    private func apply(_ layout: PageLayout) {
        let fit = layout.fit == .cover ? GTK_CONTENT_FIT_COVER : GTK_CONTENT_FIT_CONTAIN
        gtk_picture_set_content_fit(gopaque(picture), fit)
        video.setFit(layout.fit == .cover)
        let rail = likeRail.widget
        let captionBox = caption.widget
        switch layout.chrome {
        case .overlay:
            place(rail, halign: GTK_ALIGN_END, start: 0, end: 12)
            place(sound.button, halign: GTK_ALIGN_END, start: 0, end: 12)
            place(captionBox, halign: GTK_ALIGN_FILL, start: 0, end: 0)
            place(scrubber.widget, halign: GTK_ALIGN_FILL, start: 0, end: 0)
            gtk_widget_set_margin_bottom(scrubber.widget, 0)
        case .beside:
            let media = layout.media
            let right = media.x + media.width
            let pageWidth = media.x * 2 + media.width
            // The rail and the speaker right of the post, the caption in the band left of it.
            place(rail, halign: GTK_ALIGN_START, start: Int32(right + 16), end: 0)
            place(sound.button, halign: GTK_ALIGN_START, start: Int32(right + 16), end: 0)
            place(captionBox, halign: GTK_ALIGN_FILL, start: 0, end: Int32(pageWidth - media.x))
            // The seek bar along the post's own bottom edge.
            place(scrubber.widget, halign: GTK_ALIGN_FILL, start: Int32(media.x), end: Int32(pageWidth - right))
            gtk_widget_set_margin_bottom(scrubber.widget, Int32(media.y)) // centred: the band below is as high as the one above
        }
    }

    private func place(_ widget: WidgetPointer, halign: GtkAlign, start: Int32, end: Int32) {
        gtk_widget_set_halign(widget, halign)
        gtk_widget_set_margin_start(widget, start)
        gtk_widget_set_margin_end(widget, end)
    }
}
