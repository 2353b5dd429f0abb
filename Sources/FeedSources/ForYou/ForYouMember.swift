import FeedCore
import Foundation

/// One source inside For You: its address and name as the sidebar lists
/// them, the source itself, and what the mix has of it — posts loaded and
/// not yet picked, where it goes on, and whether it failed. GTK thread only.
@MainActor
public final class ForYouMember {
    public let address: String
    public let name: String
    public let source: FeedSource

    /// What paging it is at.
    enum State: Equatable {
        /// Nothing asked yet.
        case idle
        /// Asked at this monotonic second; still waiting for the answer.
        case loading(since: Double)
        /// It has a next page (or a first page to ask again).
        case ready
        /// Its last page said there is no more.
        case ended
        /// Its last load failed, at this monotonic second; tried again later.
        case failed(at: Double)
    }

    var state = State.idle

    var isLoading: Bool {
        if case .loading = state { true } else { false }
    }
    /// Posts loaded and not picked yet, in the source's order.
    var waiting: [FeedItem] = []
    /// What the source said of its posts, by the post's own id.
    var extras: [String: RemoteItemExtras] = [:]
    var cursor: FeedCursor?
    /// Own ids handed out already: a source that hands the same posts over
    /// on every page never shows one twice.
    var known: Set<String> = []
    /// Pages in a row that brought nothing new; after ``ForYouSource/emptyPagesToEnd`` it ends.
    var emptyPages = 0
    /// Whether its failure was told (one toast until it works again).
    var failureTold = false

    public init(address: String, name: String, source: FeedSource) {
        self.address = address
        self.name = name
        self.source = source
    }

    /// Takes a page's posts it has not handed out before; whether any were new.
    func take(_ page: FeedSourcePage) -> Bool {
        var fresh = 0
        for item in page.items where !known.contains(item.id) {
            known.insert(item.id)
            waiting.append(item)
            if let extra = page.extras[item.id] { extras[item.id] = extra }
            fresh += 1
        }
        cursor = page.next
        return fresh > 0
    }

    /// The mix's view of one of its posts: the keys its signals teach.
    func candidate(_ item: FeedItem) -> MixPlan.Candidate {
        // Its hashtags, then what its service files it under (a community, a channel).
        let words = PostTags.hashtags(in: [item.title, item.subtitle])
        let filed = (extras[item.id]?.tags ?? []).filter { !words.contains($0) }
        return MixPlan.Candidate(id: MixItemID.compose(source: address, id: item.id), source: address, author: item.author,
                                 tags: Array((words + filed).prefix(PostTags.maxTags)), publishedAt: extras[item.id]?.publishedAt)
    }
}
