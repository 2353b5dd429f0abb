import FeedCore
import FeedGObject
import Foundation

/// Plays the current picture post's animation (GIF, animated WebP): frames
/// are made at the page's size on the one animation thread and posted to
/// the session's inbox on the GTK thread. Starting another or stopping
/// releases the running one (its file and decoder), so at most one post
/// animates. A call answers with what it changed (`.animationChanged`);
/// frames and an opened animation, which come later, go to the inbox.
///
/// Owned by ``SessionStills``; GTK thread only. The ``PictureAnimation``
/// is touched on `queue` only.
@MainActor
final class StillAnimator {
    /// Where each frame of the running animation goes (`.animationFrame`),
    /// and word that an animation opened (`.animationChanged`).
    private let inbox: SessionInbox
    /// The one thread every animation decodes on (only one runs), made
    /// once (``WorkerThreads``).
    init(inbox: SessionInbox) {
        self.inbox = inbox
    }

    private static let queue = WorkerThreads(name: "flick-animation")
    private var animation: PictureAnimation?
    private var timer: MainLoopSource?
    /// Bumped by every start and stop: work of an earlier run is dropped.
    private var run = 0
    /// The index and item the running (or opening) animation is for.
    private(set) var target: (index: Int, itemID: String)?

    /// The feed index whose animation plays now; nil when none does.
    var playingIndex: Int? { animation == nil || paused ? nil : target?.index }

    /// Whether frames wait (the window is hidden): the animation keeps its
    /// place and decoder, and goes on from its frame when unpaused.
    private(set) var paused = false

    /// Holds the frames (`paused`) or lets them go on; answers with
    /// `.animationChanged` when that changed which post animates.
    func setPaused(_ paused: Bool) -> [SessionEvent] {
        guard paused != self.paused else { return [] }
        self.paused = paused
        timer?.cancel()
        timer = nil
        if !paused { tick(run: run) }
        return animation != nil ? [.still(.animationChanged)] : []
    }

    /// Starts `item`'s animation for the page at `index` when it has one:
    /// a local file as it is, a remote one from the still's verified bytes
    /// in the cache (`remote`). Answers with what stopping the one before changed.
    func start(_ item: FeedItem, at index: Int, box: PixelSize, fit: ContentFit,
               remote: RemoteStillSource) -> [SessionEvent] {
        let stopped = stop()
        guard item.kind == .image, box.width > 0, box.height > 0, let url = URL(string: item.uri) else { return stopped }
        target = (index, item.id)
        let run = self.run
        if url.isFileURL {
            open(StillFile(url: url, fromCache: false), box: box, fit: fit, run: run)
        } else if MediaLocation(item.uri).isNetwork {
            remote.fetchStill(url, for: item) { [weak self] result in
                guard case .success(let file) = result else { return }
                guard let self, self.run == run else { return file.release() }
                self.open(file, box: box, fit: fit, run: run)
            }
        }
        return stopped
    }

    /// Stops and releases the animation (its page left, or was rebound);
    /// answers with `.animationChanged` when one was running.
    @discardableResult
    func stop() -> [SessionEvent] {
        run += 1
        timer?.cancel()
        timer = nil
        target = nil
        guard let animation else { return [] }
        // Freed on the animation thread, after any frame still being made.
        Self.queue.async { _ = animation }
        self.animation = nil
        return [.still(.animationChanged)]
    }

    private func open(_ file: StillFile, box: PixelSize, fit: ContentFit, run: Int) {
        Self.queue.async { [self] in
            defer { file.release() }
            // Bytes from the cache are checked before a loader reads them.
            guard file.verify(), let opened = try? PictureAnimation.open(file: file.url, box: box, fit: fit) else { return }
            MainThreadHop.send(.opened(opened, run: run), to: self)
        }
    }

    /// Makes the frame due now on the queue, hands it over, and waits its delay.
    private func tick(run: Int) {
        guard let animation, self.run == run, !paused else { return }
        Self.queue.async { [self] in
            guard let frame = animation.nextFrame() else { return }
            MainThreadHop.send(.frame(frame.image, milliseconds: frame.milliseconds, run: run), to: self)
        }
    }

    /// The next frame of run `run` is made: it goes to the view, and the
    /// one after it is made once this one's delay has passed.
    private func show(_ image: DecodedImage, milliseconds: Int, run: Int) {
        guard self.run == run, let target else { return }
        inbox.post(.still(.animationFrame(index: target.index, itemID: target.itemID, image: image)))
        guard !paused else { return }
        // A pause and resume while this frame was made started a second
        // tick: the newest one's timer is the only one.
        timer?.cancel()
        timer = MainLoopSource.after(milliseconds: UInt32(milliseconds)) { [weak self] in
            self?.tick(run: run)
        }
    }
}

extension StillAnimator: MainThreadOwner {
    /// What the animation thread sends back, with the run it is for.
    enum Message: Sendable {
        /// The picture opened as an animation.
        case opened(PictureAnimation, run: Int)
        /// Its next frame, shown for `milliseconds`.
        case frame(DecodedImage, milliseconds: Int, run: Int)
    }

    func receive(_ message: Message) {
        switch message {
        case .opened(let opened, let run):
            guard self.run == run else { return }
            animation = opened
            inbox.post(.still(.animationChanged))
            tick(run: run)
        case .frame(let image, let milliseconds, let run):
            show(image, milliseconds: milliseconds, run: run)
        }
    }
}
