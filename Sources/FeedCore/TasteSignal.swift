// Pure: values only, imports Foundation at most.

/// One thing the user did with a post in For You, and how much it says
/// they want more like it (``weight``): the learning's input.
public enum TasteSignal: Sendable, Equatable, Codable {
    /// Seconds watched over the post's duration, loops counted (up to
    /// ``maxLoops``); for a photo, time on the page over its timer.
    case watched(share: Double)
    /// Left within ``quickSkipSeconds`` of its first frame.
    case quickSkip
    case replay
    case like
    case save
    case copyLink
    /// "Show fewer like this".
    case showFewer

    /// A post left within this many seconds of its first frame was skipped.
    public static let quickSkipSeconds = 1.5
    /// Loops beyond this many say nothing more.
    public static let maxLoops = 3.0
    /// The share watched that says neither more nor less: under it, less.
    public static let neutralShare = 0.4

    /// How much the signal says "more like this" (negative: fewer). A
    /// share watched to the end is +1, each loop after it +0.25 (up to
    /// three), ``neutralShare`` 0, nothing watched −0.4 (linear between); a quick skip −1; a like +1.5, a save
    /// +2, a copied link +1, a replay +0.5; "Show fewer" −3, the strongest
    /// word the user has. A share that is not a finite number says nothing.
    public var weight: Double {
        switch self {
        case .watched(let share):
            guard share.isFinite else { return 0 }
            let share = min(max(share, 0), Self.maxLoops)
            if share < Self.neutralShare { return share - Self.neutralShare }
            if share < 1 { return (share - Self.neutralShare) / (1 - Self.neutralShare) }
            return 1 + 0.25 * (share - 1)
        case .quickSkip: return -1
        case .replay: return 0.5
        case .like: return 1.5
        case .save: return 2
        case .copyLink: return 1
        case .showFewer: return -3
        }
    }
}
