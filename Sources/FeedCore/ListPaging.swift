// Pure: values only, imports Foundation at most.

/// How a service's list is read into one feed page (PeerTube's today, the
/// next services' alike): a list page that gives nothing new (all live
/// streams, all seen) is followed by the next, at most ``pagesFollowed``
/// pages in one load; "short" means at most ``shortSeconds`` long; a
/// service that refuses the short listing at its start (a 4xx other than
/// 429: its search needs a term, or is off) is read by its recent videos
/// instead. The table `list-paging.json` is the spec.
public enum ListPaging {
    /// The longest video counted as short, in seconds.
    public static let shortSeconds = 120
    /// List pages read in one load while they give nothing new.
    public static let pagesFollowed = 4

    /// What a load does after reading a list page.
    public enum Step: String, Sendable, Equatable, Codable {
        /// Reads the next list page into the same load.
        case readAnother
        /// Hands what it gathered to the feed (possibly nothing, with the
        /// cursor kept: the next load goes on from there).
        case hand
    }

    /// - Parameters:
    ///   - gathered: posts the load has so far.
    ///   - listEnded: the service said the list ends here.
    ///   - pagesRead: list pages read in this load, the last included.
    public static func afterPage(gathered: Int, listEnded: Bool, pagesRead: Int) -> Step {
        gathered == 0 && !listEnded && pagesRead < pagesFollowed ? .readAnother : .hand
    }

    /// Whether an HTTP `status` answering the short listing at its very
    /// start means "read the recent videos instead".
    public static func fallsBackToRecent(status: Int, atStart: Bool) -> Bool {
        atStart && (400..<500).contains(status) && status != 429
    }
}
