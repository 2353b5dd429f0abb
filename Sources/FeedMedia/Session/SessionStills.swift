import FeedCore
import FeedGObject
import Foundation

/// The session's stills: for each page the view asks for, the picture of
/// a photo post or a video's poster (or first frame), decoded at the
/// page's size by ``SessionPictures``, and the current photo's animation
/// (``StillAnimator``). Results go to the view as session updates:
/// `.still`, `.stillFailed`, `.animationFrame`, `.animationChanged`; a
/// call answers with those it causes at once, and later ones are posted.
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
    /// Answers given while a request is being made (a decoded picture):
    /// they are the request's answer, not posts. Nil outside a request.
    private var answeredNow: [SessionEvent]?

    init(pictures: SessionPictures, inbox: SessionInbox) {
        self.pictures = pictures
        self.inbox = inbox
        animator = StillAnimator(inbox: inbox)
    }

    /// The feed index whose picture animates now; nil when none does.
    var animatingIndex: Int? { animator.playingIndex }

    /// Loads `item`'s still for the page at `index`, `box` pixels in `fit`.
    /// Answers with `.still` or `.stillFailed`: at once (``StillRequest/answered(_:)``)
    /// when the picture is already decoded, posted later otherwise; not at
    /// all when the item has no still (a remote video without a poster
    /// shows its first frame instead).
    func request(_ item: FeedItem, at index: Int, box: PixelSize, fit: ContentFit) -> StillRequest {
        cancel(at: index)
        let cell = AtomicCounter()
        lastRequest += 1
        let id = lastRequest
        requests[index] = (id, item.id, cell)
        let ticket = SessionPictures.Ticket(cell: cell)
        answeredNow = []
        defer { answeredNow = nil }
        pictures.load(item, box: box, fit: fit, ticket: ticket) { [weak self] result in
            guard let self, self.requests[index]?.cell === cell else { return } // superseded or cancelled
            self.requests[index] = nil
            guard let event = Self.event(for: result, item: item, at: index) else { return }
            if self.answeredNow != nil { self.answeredNow?.append(event) } else { self.inbox.post(event) }
        }
        // Answered already (the picture was decoded, or there is none): nothing to cancel.
        return requests[index]?.id == id ? .waiting(request: id) : .answered(answeredNow ?? [])
    }

    /// What a picture's load means for the view; nil when there was nothing to show.
    private static func event(for result: Result<DecodedImage, Error>?, item: FeedItem, at index: Int) -> SessionEvent? {
        switch result {
        case .success(let image)?:
            return .still(.still(index: index, itemID: item.id, image: image))
        case .failure(let error)?:
            FileHandle.standardError.write(Data("flick: warning: could not show the picture of \(item.id): \(error)\n".utf8))
            return .still(.stillFailed(index: index, itemID: item.id, failure: PictureFailure(error)))
        case nil:
            return nil
        }
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
    /// Answers with what stopping another changed.
    func animate(_ item: FeedItem, at index: Int, box: PixelSize, fit: ContentFit) -> [SessionEvent] {
        if let target = animator.target, target.index == index, target.itemID == item.id { return [] }
        return animator.start(item, at: index, box: box, fit: fit, remote: pictures.remote)
    }

    /// Holds the animation on its frame (`paused`, the window is hidden)
    /// or lets it go on; answers with what that changed.
    func pauseAnimation(_ paused: Bool) -> [SessionEvent] {
        animator.setPaused(paused)
    }

    /// Stops the animation of the page at `index`, if it runs there.
    func stopAnimation(at index: Int) -> [SessionEvent] {
        guard animator.target?.index == index else { return [] }
        return animator.stop()
    }

    /// Cancels every request and stops the animation (the view went away);
    /// answers with what stopping it changed.
    func cancelAll() -> [SessionEvent] {
        for index in Array(requests.keys) { cancel(at: index) }
        return animator.stop()
    }
}
