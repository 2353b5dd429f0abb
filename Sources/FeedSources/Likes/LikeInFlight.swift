/// A like on its way, whichever way it goes (a feed's likeURL, a
/// service's API): what ``LikeController`` keeps per item to tell a stale
/// answer and to cancel it.
@MainActor
public protocol LikeInFlight: AnyObject {
    /// The sequence number it was started with (``FeedCore/LikeIntent``'s).
    var seq: UInt64 { get }
    /// Stops it; its completion is not called. Idempotent.
    func cancel()
}

extension LikeRequest: LikeInFlight {}
