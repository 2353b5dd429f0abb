import FeedCore
import Foundation

/// One parsed feed page: the items to show, in order, and where the feed goes next.
public struct FeedPage: Sendable, Equatable {
    /// The usable items, in the page's order, ids unique within the page.
    public var items: [FeedItem]
    /// What the feed says beyond `FeedItem`'s fields, by item id; items
    /// that say nothing extra have no entry.
    public var extras: [String: RemoteItemExtras]
    /// Items left out, with the reason, for the log.
    public var skipped: [SkippedFeedItem]
    /// The next step; `.end` when the page has no `next`.
    public var next: FeedNext
    /// A `next` that looked like a URL but was not a usable one: the feed
    /// ends here, and this is the value, for the log.
    public var unusableNext: String?

    public init(items: [FeedItem], extras: [String: RemoteItemExtras] = [:], skipped: [SkippedFeedItem] = [],
                next: FeedNext = .end, unusableNext: String? = nil) {
        self.items = items
        self.extras = extras
        self.skipped = skipped
        self.next = next
        self.unusableNext = unusableNext
    }
}

extension FeedPage {
    /// Adds `item` (the element at `index` of the page's source) unless an
    /// earlier page (`knownIDs`) or this one (`seen`) already has its id,
    /// in which case it is noted as skipped. Every feed format's reader
    /// admits its items here, after ``FeedDocument/validate(_:pageURL:)``.
    mutating func admit(_ item: FeedItem, extras: RemoteItemExtras = RemoteItemExtras(), index: Int,
                        knownIDs: Set<String>, seen: inout Set<String>) {
        guard !knownIDs.contains(item.id) else {
            skipped.append(SkippedFeedItem(index: index, id: item.id, reason: .alreadyInFeed))
            return
        }
        guard seen.insert(item.id).inserted else {
            skipped.append(SkippedFeedItem(index: index, id: item.id, reason: .duplicateID))
            return
        }
        items.append(item)
        if !extras.isEmpty { self.extras[item.id] = extras }
    }
}
