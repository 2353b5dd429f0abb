import CGLib
import FeedCore
import FeedGObject
import Foundation

/// For You: one endless feed mixed from many sources (FeedCore's
/// ``MixPlan`` picks each next post from every source's next unseen
/// posts, by what ``taste`` says the user likes). GTK thread only.
///
/// Each source is paged as it would be on its own, a few loads at a time
/// (``loadsAtOnce``), topped up while it has fewer than ``lowWater`` posts
/// waiting. The first page answers once every source has answered, or
/// ``firstPageWaitMilliseconds`` after the first posts came, so a few dead
/// servers never hold the feed up. A post keeps its origin: its id says
/// its source (``MixItemID``), its likes go to its own service, its cache
/// keys are scoped as its feed's, its details come from its source. A
/// source that fails is left out (``onMemberFailed``, once until it works
/// again) and asked again after ``retrySeconds``; when all fail, the feed
/// fails; when all are empty, it is empty.
@MainActor
public final class ForYouSource: FeedSource {
    public static let firstPageSize = 6
    /// Later pages are short, so what was just learned shapes the next picks.
    public static let pageSize = 4
    /// The posts of each source the mix chooses among at each pick.
    static let candidatesPerSource = 3
    /// A source with fewer posts waiting loads its next page.
    static let lowWater = 3
    static let loadsAtOnce = 6
    /// A load unanswered this long, in seconds, no longer holds its slot:
    /// servers that time out one after another never keep the live ones waiting.
    static let slowLoadSeconds = 8.0
    static let firstPageWaitMilliseconds: UInt32 = 3_000
    /// Pages in a row with nothing new end a source (one that hands the same posts over and over).
    static let emptyPagesToEnd = 3
    /// A failed source is asked again after this many seconds.
    static let retrySeconds = 60.0

    public let members: [ForYouMember]
    private let byAddress: [String: ForYouMember]
    /// What was learned, read at each pick.
    private let taste: @MainActor () -> Taste
    private let seed: UInt64
    private var random: MixRandom
    private var seen: Set<String> = []
    /// Why each post was picked, by its (For You) id.
    private var reasons: [String: [MixPlan.Reason]] = [:]
    /// The posts handed out, in order, with where each came from (the
    /// last ``MixPlan/recentWindow`` of them are the mix's recent posts).
    private var handedOut: [Handed] = []
    /// Set by ``remix(keepingThrough:)``: the next first load keeps the
    /// posts handed out up to this place and picks the rest again.
    private var remixAfter: Int?

    /// One post handed out.
    private struct Handed {
        var item: FeedItem
        var extras: RemoteItemExtras?
        var member: ForYouMember
        var own: FeedItem
        var shown: MixPlan.Shown
    }
    private var generation = 0
    /// The pages asked for and not answered yet.
    private var asked = Asked()

    /// A page the session waits for, answered once.
    typealias Answer = @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void

    /// What the session asked for and waits on: a first page (with the
    /// timer that ends its wait for slow sources) or a next one.
    private struct Asked {
        var first: Answer?
        var firstTimer: MainLoopSource?
        var firstWaitOver = false
        var next: Answer?
    }
    private var lastFailure: FeedSourceFailure?
    private var pages = 0
    /// Told when a source fails (once until it works again): the app's toast.
    public var onMemberFailed: (@MainActor (ForYouMember, FeedSourceFailure) -> Void)?

    /// `seed`: the mix's random choices (`--mix-seed`); each launch draws one otherwise.
    public init(members: [ForYouMember], seed: UInt64? = nil, taste: @escaping @MainActor () -> Taste) {
        var unique: [ForYouMember] = []
        for member in members where !unique.contains(where: { $0.address == member.address }) { unique.append(member) }
        self.members = unique
        byAddress = Dictionary(uniqueKeysWithValues: unique.map { ($0.address, $0) })
        self.taste = taste
        self.seed = seed ?? UInt64.random(in: 0...UInt64.max)
        random = MixRandom(seed: self.seed)
    }

    public var cacheScope: String? { nil }

    // MARK: Paging

    public func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        if let keep = remixAfter {
            remixAfter = nil
            return completion(remixed(keepingThrough: keep))
        }
        generation += 1
        asked.firstTimer?.cancel()
        asked = Asked(first: completion)
        seen = []
        reasons = [:]
        handedOut = []
        random = MixRandom(seed: seed)
        for member in members {
            member.state = .idle
            member.waiting = []
            member.extras = [:]
            member.cursor = nil
            member.known = []
            member.emptyPages = 0
        }
        pump()
        check()
    }

    public func loadNext(after cursor: FeedCursor,
                         _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        asked.next = completion
        pump()
        check()
    }

    /// Starts loads while fewer than ``loadsAtOnce`` run (a slow one's slot
    /// freed after ``slowLoadSeconds``): sources never asked first, then
    /// those running low, then failed ones due again.
    private func pump() {
        let now = Self.seconds()
        let running = { [members] in
            members.filter { if case .loading(let since) = $0.state { now - since < Self.slowLoadSeconds } else { false } }.count
        }
        defer { watchSlowLoads() }
        while running() < Self.loadsAtOnce {
            let due = members.filter { member in
                switch member.state {
                case .idle: return true
                case .ready: return member.waiting.count < Self.lowWater
                case .failed(let at): return now - at >= Self.retrySeconds
                case .loading, .ended: return false
                }
            }
            guard let member = due.min(by: { Self.urgency($0) < Self.urgency($1) }) else { return }
            load(member)
        }
    }

    private static func urgency(_ member: ForYouMember) -> Int {
        member.state == .idle ? -1 : member.waiting.count
    }

    private func load(_ member: ForYouMember) {
        member.state = .loading(since: Self.seconds())
        let generation = self.generation
        let answer: @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void = { [weak self, weak member] result in
            guard let self, let member, generation == self.generation else { return }
            self.loaded(result, into: member)
        }
        if let cursor = member.cursor {
            member.source.loadNext(after: cursor, answer)
        } else {
            member.source.loadFirst(answer)
        }
    }

    private func loaded(_ result: Result<FeedSourcePage, FeedSourceFailure>, into member: ForYouMember) {
        switch result {
        case .success(let page):
            member.failureTold = false
            let fresh = member.take(page)
            member.emptyPages = fresh ? 0 : member.emptyPages + 1 + page.emptyPagesFollowed
            member.state = member.cursor == nil || member.emptyPages >= Self.emptyPagesToEnd ? .ended : .ready
            if fresh, asked.first != nil, asked.firstTimer == nil {
                asked.firstTimer = MainLoopSource.after(milliseconds: Self.firstPageWaitMilliseconds) { [weak self] in
                    guard let self else { return }
                    asked.firstTimer = nil
                    asked.firstWaitOver = true
                    check()
                }
            }
        case .failure(let failure):
            member.state = .failed(at: Self.seconds())
            lastFailure = failure
            if !member.failureTold {
                member.failureTold = true
                onMemberFailed?(member, failure)
            }
        }
        pump()
        check()
    }

    /// Answers a page asked for once it can: the first when every source
    /// answered or the wait is over, a next one when enough posts wait or
    /// nothing is loading.
    private func check() {
        let loading = members.contains { $0.isLoading || $0.state == .idle }
        let waiting = members.reduce(0) { $0 + $1.waiting.count }
        if let answer = asked.first {
            guard !loading || (waiting > 0 && asked.firstWaitOver) else { return }
            asked.first = nil
            asked.firstTimer?.cancel()
            asked.firstTimer = nil
            answer(page(picking: Self.firstPageSize))
        } else if let answer = asked.next {
            guard waiting >= Self.pageSize || !members.contains(where: \.isLoading) else { return }
            asked.next = nil
            answer(page(picking: Self.pageSize))
        }
    }

    /// Up to `count` picks, as a page: the end when nothing is left
    /// anywhere; a failure when nothing is left and every source that
    /// could have more failed.
    private func page(picking count: Int) -> Result<FeedSourcePage, FeedSourceFailure> {
        var items: [FeedItem] = []
        var extras: [String: RemoteItemExtras] = [:]
        for _ in 0..<count {
            guard let (item, extra) = pick() else { break }
            items.append(item)
            if let extra { extras[item.id] = extra }
        }
        pump()
        let more = members.contains { !$0.waiting.isEmpty || $0.state != .ended }
        if items.isEmpty, more, let lastFailure,
           members.allSatisfy({ if case .failed = $0.state { true } else { $0.state == .ended } }) {
            return .failure(lastFailure)
        }
        pages += 1
        return .success(FeedSourcePage(items: items, extras: extras, next: more ? FeedCursor("mix-\(pages)") : nil))
    }

    /// The next post of the mix, taken from its source's waiting posts.
    private func pick() -> (FeedItem, RemoteItemExtras?)? {
        var candidates: [MixPlan.Candidate] = []
        var owners: [(member: ForYouMember, index: Int)] = []
        for member in members {
            for (index, item) in member.waiting.prefix(Self.candidatesPerSource).enumerated() {
                candidates.append(member.candidate(item))
                owners.append((member, index))
            }
        }
        guard !candidates.isEmpty else { return nil }
        let recent = handedOut.suffix(MixPlan.recentWindow).map(\.shown)
        let input = MixPlan.Input(candidates: candidates, taste: taste(), recent: recent, seen: seen,
                                  now: Date().timeIntervalSince1970, roll: random.nextUnit(), explore: random.nextUnit())
        guard let choice = MixPlan.choose(input) else { return nil }
        let (member, index) = owners[choice.index]
        let own = member.waiting.remove(at: index)
        let candidate = candidates[choice.index]
        seen.insert(candidate.id)
        reasons[candidate.id] = choice.reasons
        let handed = Handed(item: Self.mixed(own, from: member), extras: Self.mixed(member.extras[own.id], of: own),
                            member: member, own: own, shown: MixPlan.Shown(source: candidate.source, author: candidate.author))
        handedOut.append(handed)
        return (handed.item, handed.extras)
    }

    // MARK: Mixing again

    /// What was learned changed much ("Show fewer like this", Forget):
    /// the next first load (the session's reload) keeps the posts handed
    /// out through `itemID` (the one on screen, whose player is ready) and
    /// picks the ones after it again, by the taste as it is now. False
    /// when that post is not one of the mix's.
    @discardableResult
    public func remix(keepingThrough itemID: String) -> Bool {
        guard let place = handedOut.firstIndex(where: { $0.item.id == itemID }) else { return false }
        remixAfter = place
        return true
    }

    /// The page of a remix: the posts kept, then new picks; the posts not
    /// kept go back to the front of their sources' waiting posts, in order.
    private func remixed(keepingThrough keep: Int) -> Result<FeedSourcePage, FeedSourceFailure> {
        asked.next = nil
        let kept = Array(handedOut.prefix(keep + 1))
        for handed in handedOut.dropFirst(keep + 1).reversed() {
            handed.member.waiting.insert(handed.own, at: 0)
            seen.remove(handed.item.id)
            reasons[handed.item.id] = nil
        }
        handedOut = kept
        var extras: [String: RemoteItemExtras] = [:]
        for handed in kept { if let extra = handed.extras { extras[handed.item.id] = extra } }
        switch page(picking: Self.pageSize) {
        case .success(let fresh):
            extras.merge(fresh.extras) { $1 }
            return .success(FeedSourcePage(items: kept.map(\.item) + fresh.items, extras: extras, next: fresh.next))
        case .failure:
            return .success(FeedSourcePage(items: kept.map(\.item), extras: extras, next: FeedCursor("mix-\(pages)")))
        }
    }

    // MARK: Each post's origin

    /// `item` as the mix hands it out: its id says its source.
    static func mixed(_ item: FeedItem, from member: ForYouMember) -> FeedItem {
        var mixed = item
        mixed.id = MixItemID.compose(source: member.address, id: item.id)
        return mixed
    }

    /// Its extras, cached under the name its own feed caches it by.
    static func mixed(_ extras: RemoteItemExtras?, of item: FeedItem) -> RemoteItemExtras? {
        guard var extras else { return RemoteItemExtras(cacheKey: item.id) }
        if extras.cacheKey == nil { extras.cacheKey = item.id }
        return extras
    }

    /// The source a post of the mix came from, and the post as its source has it.
    public func origin(of item: FeedItem) -> (member: ForYouMember, own: FeedItem)? {
        guard let (address, id) = MixItemID.split(item.id), let member = byAddress[address] else { return nil }
        var own = item
        own.id = id
        return (member, own)
    }

    /// Why the post with this id was picked, strongest first (empty for one not picked here).
    public func reasons(for itemID: String) -> [MixPlan.Reason] { reasons[itemID] ?? [] }

    /// What the user's signals about `item` teach: its source, author and tags.
    public func tasteKeys(of item: FeedItem) -> [TasteKey] {
        guard let (member, own) = origin(of: item) else { return [] }
        return member.candidate(own).keys
    }

    public func needsDetails(_ item: FeedItem) -> Bool {
        guard let (member, own) = origin(of: item) else { return false }
        return member.source.needsDetails(own)
    }

    public func fetchDetails(of item: FeedItem,
                             _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        guard let (member, own) = origin(of: item) else {
            return completion(.failure(FeedSourceFailure(message: tr("this feed has no details to fetch"), code: .unknown)))
        }
        member.source.fetchDetails(of: own) { [weak self, weak member] result in
            guard let self, let member else { return }
            completion(result.map { page in
                var mixed = page
                mixed.items = page.items.map { Self.mixed($0, from: member) }
                mixed.extras = Dictionary(uniqueKeysWithValues: page.items.compactMap { item in
                    Self.mixed(page.extras[item.id], of: item).map { (MixItemID.compose(source: member.address, id: item.id), $0) }
                })
                // A remix keeps the post as detailed, not as first listed.
                for (place, handed) in self.handedOut.enumerated() {
                    guard let detailed = mixed.items.first(where: { $0.id == handed.item.id }) else { continue }
                    self.handedOut[place].item = detailed
                    self.handedOut[place].extras = mixed.extras[detailed.id] ?? handed.extras
                }
                return mixed
            })
        }
    }

    public func serviceLikes(for item: FeedItem) -> ServiceLikes? {
        origin(of: item).flatMap { $0.member.source.serviceLikes(for: $0.own) }
    }

    public func cacheScope(of item: FeedItem) -> String? {
        guard let (member, own) = origin(of: item) else { return nil }
        return member.source.cacheScope(of: own)
    }

    /// While a load runs, pumps again once it is slow, so it frees its slot.
    private var slowLoadTimer: MainLoopSource?

    private func watchSlowLoads() {
        guard slowLoadTimer == nil, members.contains(where: \.isLoading) else { return }
        slowLoadTimer = MainLoopSource.after(milliseconds: UInt32(Self.slowLoadSeconds * 1000)) { [weak self] in
            guard let self else { return }
            slowLoadTimer = nil
            pump()
            check()
        }
    }

    private static func seconds() -> Double { Double(g_get_monotonic_time()) / 1_000_000 }
}
