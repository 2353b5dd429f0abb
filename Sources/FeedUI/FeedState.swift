/// What the feed shows, reported whenever it changes (and printed by
/// `flick --report-state`).
public struct FeedState: Sendable, Equatable, Codable {
    /// The page the feed is on or landing on (known as soon as a gesture or
    /// key decides it, before the animation ends).
    public var currentIndex: Int
    /// The current item's id, nil for an empty feed.
    public var currentID: String?
    /// Page widgets alive now (bounded by the mount window).
    public var mountedPages: Int
    /// Items in the feed.
    public var itemCount: Int
    /// True when the pager rests on `currentIndex` (no drag, no animation).
    public var settled: Bool
    /// True once the current page shows its picture (or poster) for the
    /// current item.
    public var currentReady: Bool

    public init(currentIndex: Int, currentID: String?, mountedPages: Int, itemCount: Int,
                settled: Bool = true, currentReady: Bool = false) {
        self.currentIndex = currentIndex
        self.currentID = currentID
        self.mountedPages = mountedPages
        self.itemCount = itemCount
        self.settled = settled
        self.currentReady = currentReady
    }

    enum CodingKeys: String, CodingKey {
        case currentIndex = "current_index"
        case currentID = "current_id"
        case mountedPages = "mounted_pages"
        case itemCount = "item_count"
        case settled
        case currentReady = "current_ready"
    }
}
