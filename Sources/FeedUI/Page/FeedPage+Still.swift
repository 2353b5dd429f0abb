import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import Foundation

/// A page's still: the picture of a photo post, or a video's poster until
/// its frames come, asked of the session for the page's box, with the
/// error it shows when it cannot be; and a photo's animation while the
/// page is current. The session decodes and animates; the page only shows
/// what comes back. GTK thread only.
extension FeedPage {
    func loadIfNeeded() {
        guard let item = shown.item, still.box.width > 0, still.box.height > 0 else { return }
        let current = bindings.current
        if let loaded = shown.loaded, loaded.generation == current, loaded.box == still.box, loaded.fit == still.fit { return }
        shown.loaded = (current, still.box, still.fit)
        setAnimating(false) // restarted at the new size once the still shows
        dropStillRequest()
        guard item.kind != .image || !item.uri.isEmpty else { return }
        host?.page(needsStillAt: shown.index, box: still.box, fit: still.fit)
    }

    /// The session took this page's ask as request number `request` (what
    /// ``releaseStill()`` gives up).
    func stillRequested(_ request: Int) {
        still.request = request
    }

    /// Gives up what the page asked of the session for its binding (it is
    /// being rebound or unmounted): the still's request and the animation.
    func releaseStill() {
        setAnimating(false)
        dropStillRequest()
    }

    private func dropStillRequest() {
        guard let request = still.request else { return }
        still.request = nil
        host?.page(dropsStillAt: shown.index, request: request)
    }

    /// The session's still for this page's item.
    func showStill(_ image: DecodedImage, itemID: String) {
        guard !shown.isSkeleton, shown.item?.id == itemID else { return }
        still.request = nil
        guard let texture = TextureFactory.texture(from: image) else { return }
        gtk_picture_set_paintable(gopaque(picture), gopaque(texture.raw))
        shimmer.setVisible(false)
        learnShape(from: image)
        let expected = bindings.current
        AfterPaint.once(root.widget) { [weak self] in
            guard let self, self.bindings.accepts(expected) else { return }
            self.becomeReady()
            self.updateAnimation()
        }
    }

    /// The session could not load this page's still. A video's poster
    /// that fails shows nothing more (its frames will show); a photo shows
    /// why, and whether Retry may help comes with it.
    func showStillFailure(_ failure: PictureFailure, itemID: String) {
        guard !shown.isSkeleton, let item = shown.item, item.id == itemID else { return }
        still.request = nil
        guard item.kind == .image else { return }
        shown.stillError = (failure.code, failure.retryable)
        gtk_label_set_text(gopaque(message), tr("Can’t show this picture\n%1$s").filled(failure.code.pictureMessage(httpStatus: failure.httpStatus)))
        gtk_widget_set_visible(message, 1)
        shimmer.setVisible(false)
        host?.pageChanged(self)
    }

    /// The next frame of this page's animated photo.
    func showAnimationFrame(_ image: DecodedImage, itemID: String) {
        guard still.animates, shown.item?.id == itemID, let texture = TextureFactory.texture(from: image) else { return }
        gtk_picture_set_paintable(gopaque(picture), gopaque(texture.raw))
    }

    /// Animates the picture while the page is current and its still is
    /// shown; stops the animation otherwise.
    func updateAnimation() {
        setAnimating(isCurrent && shown.isReady && shown.item?.kind == .image)
    }

    private func setAnimating(_ wanted: Bool) {
        guard wanted != still.animates else { return }
        still.animates = wanted
        host?.page(animatesAt: shown.index, playing: wanted, box: still.box, fit: still.fit)
    }

    /// The page shows its picture or its video: it is ready, once per binding.
    func becomeReady() {
        guard !shown.isReady else { return }
        shown.isReady = true
        host?.pageChanged(self)
    }
}
