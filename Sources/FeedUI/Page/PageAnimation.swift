import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import Foundation

/// Plays a picture post's animation (GIF, animated WebP) on its page while
/// the page is current: frames are made at the page's size on the one
/// animation thread and shown on the page's picture; leaving
/// the page stops the timer and releases the animation (its file and
/// decoder), so at most the current post animates.
///
/// GTK thread only; the ``PictureAnimation`` is touched on `queue` only.
@MainActor
final class PageAnimation {
    /// Calls the owner with each frame's texture (GTK thread).
    var onFrame: ((GObjectRef) -> Void)?
    /// Called when ``isPlaying`` changes.
    var onPlayingChange: (() -> Void)?
    /// The one thread every page's animation decodes on (only the current
    /// page animates), made once (``WorkerThreads``).
    private static let queue = WorkerThreads(name: "flick-animation")
    private var animation: PictureAnimation?
    private var timer: MainLoopSource?
    /// Bumped by every start and stop: work of an earlier run is dropped.
    private var run = 0
    /// Frames shown in this run.
    private(set) var framesShown = 0

    /// Whether an animation is playing now.
    var isPlaying: Bool { animation != nil }

    /// Starts `item`'s animation when it has one: a local file as it is, a
    /// remote one from the still's verified bytes in the cache.
    func start(_ item: FeedItem, box: PixelSize, fit: ContentFit, remote: RemoteStillSource?) {
        stop()
        guard item.kind == .image, box.width > 0, box.height > 0, let url = URL(string: item.uri) else { return }
        let run = self.run
        if url.isFileURL {
            open(StillFile(url: url, fromCache: false), box: box, fit: fit, run: run)
        } else if let remote, MediaLocation(item.uri).isNetwork {
            remote.fetchStill(url, for: item) { [weak self] result in
                guard case .success(let file) = result else { return }
                guard let self, self.run == run else { return file.release() }
                self.open(file, box: box, fit: fit, run: run)
            }
        }
    }

    /// Stops and releases the animation (the page left, or was rebound).
    func stop() {
        run += 1
        timer?.cancel()
        timer = nil
        if let animation {
            // Freed on the animation thread, after any frame still being made.
            Self.queue.async { _ = animation }
            self.animation = nil
            onPlayingChange?()
        }
        framesShown = 0
    }

    private func open(_ file: StillFile, box: PixelSize, fit: ContentFit, run: Int) {
        Self.queue.async { [weak self] in
            defer { file.release() }
            // Bytes from the cache are checked before a loader reads them.
            guard file.verify(), let opened = try? PictureAnimation.open(file: file.url, box: box, fit: fit) else { return }
            MainThreadHop.post {
                guard let self, self.run == run else { return }
                self.animation = opened
                self.onPlayingChange?()
                self.tick(run: run)
            }
        }
    }

    /// Makes the frame due now on the queue, shows it, and waits its delay.
    private func tick(run: Int) {
        guard let animation, self.run == run else { return }
        Self.queue.async { [weak self] in
            guard let frame = animation.nextFrame() else { return }
            MainThreadHop.post {
                guard let self, self.run == run else { return }
                if let texture = TextureFactory.texture(from: frame.image) {
                    self.framesShown += 1
                    self.onFrame?(texture)
                }
                self.timer = MainLoopSource.after(milliseconds: UInt32(frame.milliseconds)) { [weak self] in
                    self?.tick(run: run)
                }
            }
        }
    }
}
