import FeedCore
import Foundation
import FeedGObject

/// Runs optimistic likes for the feed: FeedCore's ``LikeIntent`` decides,
/// this sends, and the UI hears about every change.
///
/// GTK thread only. Keeps each touched item's ``LikeIntent/State`` by id,
/// so the heart of a page rebound later shows what the user did, not the
/// page's stale feed data (ask `shown(_:liked:likes:)`). At most one request
/// per item is in flight; taps during it settle to the last wish; a failure
/// puts the server's state back and says so (``LikeEffect/failed(itemID:message:)``:
/// the UI toasts). What happens at once is the toggle's answer; what a
/// server says later goes to the `answered` handler given at init.
///
/// A service's post (``RemoteItemExtras/servicePostID``) is liked on the
/// service through ``serviceLikes``, as the user's account. Items without
/// either (local folders) are liked here only: nothing is sent and the
/// like is confirmed at once (``localLikes`` keeps it on disk).
@MainActor
public final class LikeController {
    /// The source's likes on its service, when it is one.
    public var serviceLikes: ServiceLikes?
    /// Where likes that reach no server are kept, and the source's address
    /// they are kept under; nil: for this run only.
    public var localLikes: (store: LocalLikeStore, source: String)?

    private let sender: LikeSender
    /// Hears what the servers' answers changed, after the toggle returned.
    private let answered: @MainActor ([LikeEffect]) -> Void
    private var states: [String: LikeIntent.State] = [:]
    private var likeURLs: [String: URL] = [:]
    /// The service's id of items liked there, by item id.
    private var servicePostIDs: [String: String] = [:]
    /// Where an item's like goes when not ``serviceLikes`` (For You's posts
    /// each go to their own service), by item id.
    private var servicesByItem: [String: ServiceLikes] = [:]
    /// Bluesky: each item's post record and the user's like of it, by item id.
    private var serviceRecords: [String: ServiceRecord] = [:]
    /// The request in flight per item.
    private var requests: [String: LikeInFlight] = [:]
    /// Why the last request of an item failed, for the toast.
    private var lastFailure: [String: LikeFailure] = [:]

    public init(sender: LikeSender = LikeSender(), answered: @escaping @MainActor ([LikeEffect]) -> Void) {
        self.sender = sender
        self.answered = answered
    }

    isolated deinit {
        for request in requests.values { request.cancel() }
    }

    /// Likes or unlikes `itemID` and returns what changed at once (the
    /// heart flips; a like kept here only is confirmed too). The first
    /// toggle of an item takes `liked`/`likes` and `likeURL` from the feed;
    /// later ones use what this controller knows.
    @discardableResult
    public func toggle(_ itemID: String, likeURL: URL?, servicePostID: String? = nil, via service: ServiceLikes? = nil,
                       serviceRecord: ServiceRecord? = nil, liked: Bool, likes: Int?) -> [LikeEffect] {
        if let service, service !== serviceLikes { servicesByItem[itemID] = service }
        if let serviceRecord, serviceRecords[itemID] == nil { serviceRecords[itemID] = serviceRecord }
        let kept = likeURL == nil && servicePostID == nil && book.likedHere(itemID)
        if states[itemID] == nil { states[itemID] = LikeIntent.State(liked: liked || kept, likes: likes) }
        if let likeURL { likeURLs[itemID] = likeURL }
        if let servicePostID { servicePostIDs[itemID] = servicePostID }
        return apply(.toggle, to: itemID)
    }

    /// What this controller holds for `itemID`, nil if it was never toggled.
    public func state(of itemID: String) -> LikeIntent.State? {
        states[itemID]
    }

    /// The hearts as they stand now (``LikeBook``): what a page shows.
    public var book: LikeBook {
        var book = LikeBook()
        book.states = states
        book.kept = localLikes.map { ($0.store.kept, $0.source) }
        return book
    }

    /// What a page should show for `itemID` (``LikeBook/shown(_:liked:likes:keptHere:)``).
    public func shown(_ itemID: String, liked: Bool, likes: Int?, keptHere: Bool = false) -> (liked: Bool, likes: Int?) {
        book.shown(itemID, liked: liked, likes: likes, keptHere: keptHere)
    }

    /// Whether any like is still on its way.
    public var isBusy: Bool { !requests.isEmpty }

    /// Forgets everything (a new feed): requests in flight are cancelled and
    /// their answers never arrive.
    public func reset() {
        for request in requests.values { request.cancel() }
        requests.removeAll()
        states.removeAll()
        likeURLs.removeAll()
        servicePostIDs.removeAll()
        servicesByItem.removeAll()
        serviceRecords.removeAll()
        lastFailure.removeAll()
    }

    // MARK: Deciding and acting

    /// Moves `itemID`'s state on by `event`, acts as FeedCore decided, and
    /// returns what the feed should show for it.
    private func apply(_ event: LikeIntent.Event, to itemID: String) -> [LikeEffect] {
        guard let before = states[itemID], let decision = LikeIntent.next(before, event) else { return [] }
        states[itemID] = decision.state
        var effects: [LikeEffect] = []
        if decision.state.liked != before.liked || decision.state.likes != before.likes {
            effects.append(.changed(itemID: itemID, liked: decision.state.liked, likes: decision.state.likes))
        }
        switch decision.action {
        case .send(let seq, let liked)?:
            effects += send(itemID, seq: seq, liked: liked)
        case .revert(let toast)?:
            let failure = lastFailure[itemID]
            if toast { effects.append(.failed(itemID: itemID, message: Self.message(liked: !decision.state.liked, failure: failure))) }
        case nil:
            break
        }
        return effects
    }

    /// Sends the wish numbered `seq`; a like kept here only is confirmed at
    /// once, and what that changes is returned.
    private func send(_ itemID: String, seq: UInt64, liked: Bool) -> [LikeEffect] {
        if let postID = servicePostIDs[itemID], let serviceLikes = servicesByItem[itemID] ?? serviceLikes {
            requests[itemID] = serviceLikes.send(postID: postID, record: serviceRecords[itemID], liked: liked,
                                                 seq: seq) { [weak self] result in
                self?.finished(itemID, seq: seq, result)
            }
            return []
        }
        guard let url = likeURLs[itemID] else {
            if let (store, source) = localLikes {
                // A For You post's like is kept under its own source, as if
                // liked there (the demo's, of no address, under the session's).
                let own = MixItemID.split(itemID).map { (source: $0.source.isEmpty ? source : $0.source, id: $0.id) } ?? (source: source, id: itemID)
                store.set(source: own.source, post: own.id, liked: liked)
            }
            return apply(.requestSucceeded(seq: seq, liked: liked, likes: nil), to: itemID)
        }
        requests[itemID] = sender.send(liked: liked, to: url, seq: seq) { [weak self] seq, result in
            self?.finished(itemID, seq: seq, result)
        }
        return []
    }

    /// A server answered the wish numbered `seq`: what it changes goes to `answered`.
    private func finished(_ itemID: String, seq: UInt64, _ result: Result<LikeAnswer, LikeFailure>) {
        if requests[itemID]?.seq == seq { requests[itemID] = nil }
        let effects: [LikeEffect]
        switch result {
        case .success(let answer):
            // The like record made is the one an unlike deletes; an unlike leaves none.
            if serviceRecords[itemID] != nil { serviceRecords[itemID]?.like = answer.liked ? answer.record : nil }
            effects = apply(.requestSucceeded(seq: seq, liked: answer.liked, likes: answer.likes), to: itemID)
        case .failure(let failure):
            lastFailure[itemID] = failure
            effects = apply(.requestFailed(seq: seq), to: itemID)
            lastFailure[itemID] = nil // a stale failure names nothing later
        }
        if !effects.isEmpty { answered(effects) }
    }

    /// The toast: what was not saved, and why.
    static func message(liked: Bool, failure: LikeFailure?) -> String {
        guard let failure else { return liked ? tr("Your like was not saved.") : tr("Your unlike was not saved.") }
        return (liked ? tr("Your like was not saved: %1$s.") : tr("Your unlike was not saved: %1$s."))
            .filled(failure.description)
    }
}
