import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import Foundation

/// One full-window page of the feed: the item's picture (or video poster)
/// decoded at the page's pixel size, with title and subtitle over a bottom
/// gradient.
///
/// Owned by `FeedView` on the GTK thread. A page widget is reused: binding it
/// to another item takes a new generation, and any decode still running for
/// the old binding is dropped when it completes.
@MainActor
final class FeedPage {
    /// The page's root widget (a GtkOverlay), parented by the pager.
    let root: GObjectRef
    let picture: WidgetPointer
    /// The author, title and subtitle over the bottom.
    let caption = PageCaption()
    /// Why a picture cannot show, centred in its place.
    let message: WidgetPointer
    /// Video frames, over the poster.
    let video = VideoSurface()
    /// The placeholder while the page's media (or item) has not arrived.
    let shimmer = ShimmerView()
    /// The like button, its count and the heart burst.
    let likeRail = LikeRail()
    /// The seek bar along the bottom (videos only).
    let scrubber = Scrubber()
    /// What went wrong with this item, when something did.
    let errorCard = ErrorCard()
    /// Over a sensitive post until the user shows it.
    let sensitiveCover = SensitiveCover()
    /// The speaker button, the mute flash and the speed badge.
    let sound: PageSound
    /// The caption cue over the video.
    let cue = PageCue()

    /// What this binding shows and how far it got; replaced on every bind.
    var shown = PageBinding()
    /// Every bind takes a new generation (FeedCore's guard); results for an
    /// older one are dropped.
    var bindings = GenerationGuard()
    /// Asks the session for the still and the animation, and hears when
    /// the page is ready (the feed view).
    weak var host: FeedPageHost?
    /// The still's size, fit and request (FeedPage+Still).
    var still: PageStill
    /// The fit, the post's rectangle, the controls' place and the backdrop (FeedPage+Layout).
    let arrangement: PageArrangement

    /// The feed index and item this page shows.
    var index: Int { shown.index }
    var item: FeedItem? { shown.item }
    /// True while the page stands for an item that has not arrived.
    var isSkeleton: Bool { shown.isSkeleton }
    /// True once the picture or a video frame of this binding has been painted.
    var isReady: Bool { shown.isReady }
    /// True once a video frame of this binding has been painted.
    var hasPaintedVideo: Bool { shown.hasPaintedVideo }
    /// The media URI of the player binding whose frame this page shows now.
    var frameSource: String? { shown.frameSource }
    /// Why this page's picture post shows its card instead of the picture;
    /// nil otherwise. Reported as the feed's `current_error` when current.
    var stillError: (code: ErrorCode, retryable: Bool)? { shown.stillError }
    /// What screen readers say for the page: the item's own description
    /// (`accessibilityLabel`), else its kind and title.
    var accessibleLabel: String { shown.label }

    /// Pages alive in the process (made and not yet freed): the surfaces
    /// count of `flick bench` and its remount leak check. Any thread.
    nonisolated static let alive = AtomicCounter()

    init(fit: FitChoice, host: FeedPageHost) {
        Self.alive.add(1)
        still = PageStill(fit: fit.decodeFit)
        arrangement = PageArrangement(choice: fit)
        self.host = host
        let overlay = gtk_overlay_new()!
        root = GObjectRef(retaining: overlay)!
        Widget.addClasses(overlay, "flick-page")
        gtk_widget_set_hexpand(overlay, 1)
        gtk_widget_set_vexpand(overlay, 1)

        picture = gtk_picture_new()!
        gtk_picture_set_can_shrink(gopaque(picture), 1)
        let fills = fit.effective(media: nil, box: PixelSize(width: 9, height: 16)) == .cover
        gtk_picture_set_content_fit(gopaque(picture), fills ? GTK_CONTENT_FIT_COVER : GTK_CONTENT_FIT_CONTAIN)
        video.setFit(fills) // until the page has a size and lays itself out
        Widget.setAccessibleHidden(overlay, true) // until the feed makes it the current page
        gtk_widget_set_can_focus(picture, 0)
        // The backdrop is the overlay's child, under everything; the post over it.
        gtk_overlay_set_child(gopaque(overlay), arrangement.backdrop)
        gtk_overlay_add_overlay(gopaque(overlay), picture)

        gtk_overlay_add_overlay(gopaque(overlay), shimmer.widget)
        gtk_overlay_add_overlay(gopaque(overlay), video.picture)

        message = gtk_label_new(nil)!
        Widget.addClasses(message, "flick-message")
        gtk_label_set_wrap(gopaque(message), 1)
        gtk_label_set_justify(gopaque(message), GTK_JUSTIFY_CENTER)
        gtk_widget_set_valign(message, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(message, GTK_ALIGN_CENTER)
        gtk_widget_set_visible(message, 0)
        gtk_overlay_add_overlay(gopaque(overlay), message)

        gtk_overlay_add_overlay(gopaque(overlay), caption.widget)
        gtk_overlay_add_overlay(gopaque(overlay), cue.widget)
        gtk_overlay_add_overlay(gopaque(overlay), scrubber.widget)
        gtk_overlay_add_overlay(gopaque(overlay), errorCard.widget)
        gtk_overlay_add_overlay(gopaque(overlay), sensitiveCover.widget)

        sound = PageSound(overlay: overlay)
        sound.volume = ({ [weak host] in host?.pageVolume ?? 1 }, { [weak host] in host?.pageVolume = $0 },
                        { [weak host] in host?.page(stepsVolumeBy: $0) })
        gtk_overlay_add_overlay(gopaque(overlay), likeRail.widget)
        gtk_overlay_add_overlay(gopaque(overlay), likeRail.burst)
        gtk_overlay_add_overlay(gopaque(overlay), sound.flash.widget)
        errorCard.onShow = { [weak self] in
            guard let self, !self.isSkeleton else { return }
            self.shimmer.setVisible(false)
        }
    }

    deinit {
        Self.alive.add(-1)
    }

    /// Shows `item` at feed `index`. Rebinding the same item at the same
    /// index keeps what is shown.
    func bind(_ item: FeedItem, at index: Int) {
        if shown.item == item, shown.index == index, !shown.isSkeleton { return }
        releaseStill()
        _ = bindings.bind()
        shown = PageBinding(index: index, item: item)
        arrangement.bind(item)
        relayout()
        gtk_picture_set_paintable(gopaque(picture), nil)
        gtk_widget_set_visible(picture, 1)
        gtk_widget_set_visible(message, 0)
        video.clear()
        errorCard.hide()
        shimmer.setVisible(true)
        gtk_widget_set_visible(likeRail.widget, 1)
        sound.setPlayed(item.kind.isPlayed)
        cue.clear()
        caption.show(author: item.author, title: item.title, subtitle: item.subtitle)
        setLabel(item.accessibilityLabel.flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultLabel(for: item))
        scrubber.bind(isVideo: item.kind.isPlayed, duration: item.duration)
        loadIfNeeded()
    }

    /// Covers the page (its picture and video blurred, the cover over them)
    /// or uncovers it.
    func setSensitive(covered: Bool, reason: String?, onShow: @escaping () -> Void) {
        if covered {
            sensitiveCover.cover(reason: reason, onShow: onShow)
            shimmer.setVisible(false) // nothing more loads under the cover than its poster
            gtk_widget_add_css_class(picture, "flick-blurred")
            gtk_widget_add_css_class(video.picture, "flick-blurred")
        } else if sensitiveCover.isCovering {
            sensitiveCover.uncover()
            gtk_widget_remove_css_class(picture, "flick-blurred")
            gtk_widget_remove_css_class(video.picture, "flick-blurred")
        }
    }

    /// The same item moved to another index (the feed was replaced): keep
    /// everything shown, including the video.
    /// What the page asked of the session under its old index is asked
    /// again under the new one.
    func move(to newIndex: Int) {
        guard newIndex != shown.index else { return }
        let waiting = still.request != nil
        releaseStill()
        shown.index = newIndex
        if waiting {
            shown.loaded = nil
            loadIfNeeded()
        }
        updateAnimation()
    }

    /// Shows the page as a skeleton for feed `index`, whose item has not
    /// arrived yet; `failure` shows why loading stopped, with Retry.
    func bindSkeleton(at index: Int, failure: String?, retry: @escaping () -> Void) {
        if !shown.isSkeleton || shown.index != index {
            releaseStill()
            _ = bindings.bind()
            shown = PageBinding(index: index, isSkeleton: true)
            arrangement.bind(nil)
            relayout()
            gtk_picture_set_paintable(gopaque(picture), nil)
            video.clear()
            gtk_widget_set_visible(message, 0)
            caption.hide()
            sound.setPlayed(false)
            cue.clear()
            gtk_widget_set_visible(likeRail.widget, 0)
            scrubber.bind(isVideo: false, duration: nil)
            setLabel(tr("Loading more posts"))
        }
        shimmer.setVisible(true)
        if let failure {
            errorCard.show(tr("Couldn’t load more posts.\n%1$s").filled(failure), retry: retry)
        } else {
            errorCard.hide()
        }
    }

    /// Tells the page its size in device pixels. A change reloads the picture
    /// once the size has been stable for a moment (a window being resized
    /// allocates many sizes in a row).
    func setBox(_ newBox: PixelSize) {
        guard newBox != still.box else { return }
        let first = still.box.width == 0
        still.box = newBox
        let scale = max(1, Int(gtk_widget_get_scale_factor(root.widget)))
        arrangement.setPage(PixelSize(width: newBox.width / scale, height: newBox.height / scale))
        relayout()
        still.reloadTimer?.cancel()
        if first || shown.loaded == nil {
            loadIfNeeded()
        } else {
            still.reloadTimer = MainLoopSource.after(milliseconds: 150) { [weak self] in self?.loadIfNeeded() }
        }
    }

    /// Follows the user's fit choice: the page lays out again at once and
    /// asks for its still again when the choice decodes it otherwise.
    func setFit(_ choice: FitChoice) {
        guard choice != arrangement.choice else { return }
        arrangement.setChoice(choice)
        relayout()
        guard choice.decodeFit != still.fit else { return }
        still.fit = choice.decodeFit
        loadIfNeeded()
    }

    /// Shows a video frame of this page's item, made by the player binding
    /// of `source`. The poster and the placeholder hide with the first one.
    func present(_ frame: VideoFrame, source: String?) {
        guard video.show(frame) else { return }
        scrubber.show(position: frame.pts)
        if video.framesShown == 1 { learnShape(from: frame) }
        if source != shown.frameSource {
            shown.frameSource = source
            host?.pageChanged(self)
        }
        guard video.framesShown == 1 else { return }
        // The frame covers the poster and the placeholder from the next paint
        // on: drawing (and uploading) them under it would only slow that paint.
        gtk_widget_set_visible(picture, 0)
        shimmer.setVisible(false)
        let expected = bindings.current
        AfterPaint.once(root.widget) { [weak self] in
            guard let self, self.bindings.accepts(expected), !self.shown.hasPaintedVideo, self.video.framesShown > 0 else { return }
            self.shown.hasPaintedVideo = true
            self.host?.pagePaintedFirstVideoFrame(self)
            // The page shows its video now, whatever its source: ready.
            self.becomeReady()
        }
    }

    /// Drops the video (its player left this page); the poster shows again.
    func clearVideo() {
        video.clear()
        shown.frameSource = nil
        shown.hasPaintedVideo = false
        gtk_widget_set_visible(picture, 1)
    }

    /// Shows the mute state on the page's button.
    func setMuted(_ muted: Bool) {
        sound.setMuted(muted)
    }

    private func setLabel(_ label: String) {
        shown.label = label
        Widget.setAccessibleLabel(root.widget, label)
        // The still and the video surface are named after the post too.
        Widget.setAccessibleLabel(picture, label)
        Widget.setAccessibleLabel(video.picture, label)
    }

    /// Whether this is the current page. Only it is seen by assistive
    /// technologies (the mounted pages around it are off screen) and only it
    /// animates its picture.
    var isCurrent = false {
        didSet {
            guard isCurrent != oldValue else { return }
            Widget.setAccessibleHidden(root.widget, !isCurrent)
            updateAnimation()
        }
    }

    static func defaultLabel(for item: FeedItem) -> String {
        let kind = item.kind.localizedName
        if let title = item.title, !title.isEmpty { return tr("%1$s: %2$s").filled(kind, title) }
        return kind
    }
}
