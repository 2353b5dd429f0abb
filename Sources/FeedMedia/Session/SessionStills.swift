import FeedCore
import FeedGObject
import Foundation

/// The session's stills: for each page the view asks for, the picture of
/// a photo post or a video's poster (or first frame), decoded at the
/// page's size by ``SessionPictures``, and the current photo's animation
/// (``StillAnimator``). Results go to the view as session updates:
/// `.still`, `.stillFailed`, `.animationFrame`, `.animationChanged`.
///
/// One request per index: a new one for the same index (another size, fit
/// or item) or a cancel makes the old one stale, and a stale result is
/// never sent. Owned by ``FeedSession``; GTK thread only.
@MainActor
final class SessionStills {
    /// Decodes and keeps the pictures and posters.
    let pictures: SessionPictures
    /// Where stills, failures and animation frames go (``SessionEvent/still(_:)``).
    private let inbox: SessionInbox
    private let animator: StillAnimator
    /// The request each index waits for: its number, its item and its
    /// cancel cell (stored 1 once cancelled, read by the decode threads).
    private var requests: [Int: (id: Int, itemID: String, cell: AtomicCounter)] = [:]
    /// The number of the newest request.
    private var lastRequest = 0

    init(pictures: SessionPictures, inbox: SessionInbox) {
        self.pictures = pictures
        self.inbox = inbox
        animator = StillAnimator(inbox: inbox)
    }

    /// The feed index whose picture animates now; nil when none does.
    var animatingIndex: Int? { animator.playingIndex }

    /// Loads `item`'s still for the page at `index`, `box` pixels in `fit`.
    /// Answers with `.still` or `.stillFailed`, at once when the picture
    /// is already decoded; not at all when the item has no still (a remote
    /// video without a poster shows its first frame instead). Returns the
    /// request's number, for ``cancel(at:request:)``, or nil when it was
    /// answered (or found nothing to show) before returning.
    @discardableResult
    func request(_ item: FeedItem, at index: Int, box: PixelSize, fit: ContentFit) -> Int? {
        cancel(at: index)
        let cell = AtomicCounter()
        lastRequest += 1
        let id = lastRequest
        requests[index] = (id, item.id, cell)
        let ticket = SessionPictures.Ticket(cell: cell)
        pictures.load(item, box: box, fit: fit, ticket: ticket) { [weak self] result in
            guard let self, self.requests[index]?.cell === cell else { return } // superseded or cancelled
            self.requests[index] = nil
            switch result {
            case .success(let image)?:
                self.inbox.post(.still(.still(index: index, itemID: item.id, image: image)))
            case .failure(let error)?:
                FileHandle.standardError.write(Data("flick: warning: could not show the picture of \(item.id): \(error)\n".utf8))
                self.inbox.post(.still(.stillFailed(index: index, itemID: item.id, failure: PictureFailure(error))))
            case nil:
                break
            }
        }
        // Answered already (the picture was decoded): nothing to cancel.
        return requests[index]?.id == id ? id : nil
    }

    /// Drops the request of `index`, or only request number `request`
    /// when given (its page was rebound or unmounted, and another page may
    /// have asked for the index since): work not yet started is skipped,
    /// a result is not sent.
    func cancel(at index: Int, request: Int? = nil) {
        guard let pending = requests[index], request == nil || pending.id == request else { return }
        requests[index] = nil
        pending.cell.store(1)
    }

    /// Plays `item`'s animation for the page at `index` (the current one),
    /// stopping any other; nothing happens when it already plays there.
    func animate(_ item: FeedItem, at index: Int, box: PixelSize, fit: ContentFit) {
        if let target = animator.target, target.index == index, target.itemID == item.id { return }
        animator.start(item, at: index, box: box, fit: fit, remote: pictures.remote)
    }

    /// Holds the animation on its frame (`paused`, the window is hidden)
    /// or lets it go on.
    func pauseAnimation(_ paused: Bool) {
        animator.paused = paused
    }

    /// Stops the animation of the page at `index`, if it runs there.
    func stopAnimation(at index: Int) {
        guard animator.target?.index == index else { return }
        animator.stop()
    }

    /// Cancels every request and stops the animation (the view went away).
    func cancelAll() {
        for index in Array(requests.keys) { cancel(at: index) }
        animator.stop()
    }
}
