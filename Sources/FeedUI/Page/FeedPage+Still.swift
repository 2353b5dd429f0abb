import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import Foundation

/// A page's still: the picture of a photo post, or a video's poster until
/// its frames come, loaded for the page's box, with the error it shows
/// when it cannot be; and a photo's animation while the page is current.
/// GTK thread only.
extension FeedPage {
    func loadIfNeeded() {
        guard let item, box.width > 0, box.height > 0 else { return }
        let current = bindings.current
        if let loaded, loaded.generation == current, loaded.box == box, loaded.fit == fit { return }
        loaded = (current, box, fit)
        animation.stop() // restarted at the new size once the still shows
        let ticket = SessionPictures.Ticket(generation: Int(current), cell: liveGeneration)
        pictures.load(item, box: box, fit: fit, ticket: ticket) { [weak self] result in
            self?.show(result, generation: current)
        }
    }

    private func show(_ result: Result<DecodedImage, Error>?, generation expected: UInt64) {
        guard bindings.accepts(expected) else { return } // stale: the page was rebound
        switch result {
        case .success(let image)?:
            let texture = TextureFactory.texture(from: image)
            gtk_picture_set_paintable(gopaque(picture), texture.flatMap { gopaque($0.raw) })
            if texture != nil {
                shimmer.setVisible(false)
                AfterPaint.once(root.widget) { [weak self] in
                    guard let self, self.bindings.accepts(expected) else { return }
                    if !self.isReady {
                        self.isReady = true
                        self.onReady?()
                    }
                    self.updateAnimation()
                }
            }
        case .failure(let error)?:
            FileHandle.standardError.write(Data("flick: warning: could not show the picture of \(item?.id ?? "?"): \(error)\n".utf8))
            // A video's poster that fails is only logged: its frames will show.
            guard item?.kind == .image else { return }
            let failure = PictureFailure(error)
            let (code, status) = (failure.code, failure.httpStatus)
            stillError = (code, failure.retryable)
            gtk_label_set_text(gopaque(message), "Can’t show this picture\n\(code.pictureMessage(httpStatus: status))")
            gtk_widget_set_visible(message, 1)
            shimmer.setVisible(false)
            onStillFailure?()
        case nil:
            break // nothing to show for this source yet
        }
    }

    /// Plays the picture's animation while the page is current and its
    /// still is shown; stops and releases it otherwise.
    func updateAnimation() {
        guard isCurrent, isReady, let item, item.kind == .image else {
            animation.stop()
            return
        }
        guard !animation.isPlaying else { return }
        animation.start(item, box: box, fit: fit, remote: pictures.remote)
    }
}
