import FeedCore
import FeedGObject
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// A source for the mix: `posts` posts a page (the same ones on every
/// page when `repeating`), `pages` pages, or a failure every time; answers
/// on the next turn of the main loop, as a server would.
@MainActor
final class MemberTestSource: FeedSource {
    let name: String
    let fails: Bool
    let repeating: Bool
    let posts: Int
    let pages: Int
    /// When its posts were published (seconds since 1970), if it says.
    var publishedAt: Double?
    /// Never answers (a server that lets the connection hang).
    var hangs = false
    private(set) var loads = 0
    var cacheScope: String? { "scope-\(name)" }

    init(_ name: String, fails: Bool = false, repeating: Bool = false, posts: Int = 10, pages: Int = 3) {
        self.name = name
        self.fails = fails
        self.repeating = repeating
        self.posts = posts
        self.pages = pages
    }

    func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        answer(page: 0, completion)
    }

    func loadNext(after cursor: FeedCursor, _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        answer(page: Int(cursor.token) ?? 0, completion)
    }

    private func answer(page: Int, _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        loads += 1
        guard !hangs else { return }
        let (name, fails, repeating, posts, pages, publishedAt) = (name, fails, repeating, posts, pages, publishedAt)
        MainLoopSource.idle {
            if fails {
                completion(.failure(FeedSourceFailure(message: "\(name) is gone", code: .sourceNotFound)))
                return false
            }
            let first = repeating ? 0 : page * posts
            let items = (first..<(first + posts)).map {
                FeedItem(id: "\(name)-\($0)", kind: .video, uri: "https://\(name).example/\($0).mp4", title: "#\(name)tag", author: "@\(name)")
            }
            var extras: [String: RemoteItemExtras] = [:]
            for item in items {
                var extra = RemoteItemExtras()
                extra.publishedAt = publishedAt
                extras[item.id] = extra
            }
            completion(.success(FeedSourcePage(items: items, extras: extras, next: page + 1 < pages ? FeedCursor("\(page + 1)") : nil)))
            return false
        }
    }
}

@MainActor
@Suite("For You's source: many sources, dead ones, repeats, a remix")
struct ForYouSourceTests {
    /// Loads the first page, then next pages until the mix ends or `limit` posts came.
    static func drain(_ source: ForYouSource, limit: Int = 10_000) async throws -> (items: [FeedItem], failure: FeedSourceFailure?) {
        var items: [FeedItem] = []
        var cursor: FeedCursor?
        var done = false
        var failure: FeedSourceFailure?
        source.loadFirst { result in
            switch result {
            case .success(let page): items += page.items; cursor = page.next
            case .failure(let error): failure = error
            }
            done = true
        }
        #expect(await pumpUntil(30) { done })
        while let next = cursor, items.count < limit, failure == nil {
            done = false
            cursor = nil
            source.loadNext(after: next) { result in
                switch result {
                case .success(let page): items += page.items; cursor = page.next
                case .failure(let error): failure = error
                }
                done = true
            }
            #expect(await pumpUntil(30) { done })
        }
        return (items, failure)
    }

    static func mix(_ members: [MemberTestSource], seed: UInt64 = 1) -> ForYouSource {
        ForYouSource(members: members.map { ForYouMember(address: "https://\($0.name).example/feed", name: $0.name, source: $0) },
                     seed: seed) { Taste() }
    }

    @Test("200 sources of which 150 are dead: the 50 mix without a repeat, each dead one is told once and asked once")
    func manyDead() async throws {
        let members = (0..<200).map { MemberTestSource("s\($0)", fails: $0 % 4 != 0, posts: 4, pages: 2) }
        let source = Self.mix(members)
        var told: [String] = []
        source.onMemberFailed = { member, _ in told.append(member.name) }
        let (items, failure) = try await Self.drain(source)
        #expect(items.count == 50 * 8, "every post of the live sources, once")
        // Once they end, only the dead ones could have more: the end says why (and may be retried).
        #expect(failure?.message.hasSuffix(" is gone") == true, "\(String(describing: failure))")
        #expect(Set(items.map(\.id)).count == items.count, "no repeats")
        #expect(told.count == 150 && Set(told).count == 150, "one toast per dead source")
        #expect(members.filter(\.fails).allSatisfy { $0.loads == 1 }, "a dead source is not asked again at once")
        // Each post keeps its origin: its source, its cache scope, its own id.
        let first = try #require(items.first)
        let origin = try #require(source.origin(of: first))
        #expect(MixItemID.split(first.id)?.source == origin.member.address)
        #expect(source.cacheScope(of: first) == "scope-\(origin.member.name)")
        #expect(!source.reasons(for: first.id).isEmpty)
    }

    @Test("servers that never answer hold no slot for long: the live sources behind them still open the mix")
    func hanging() async throws {
        let hung = (0..<7).map { index in
            let member = MemberTestSource("hung\(index)")
            member.hangs = true
            return member
        }
        let source = Self.mix(hung + [MemberTestSource("live", posts: 3, pages: 1)])
        var first: FeedSourcePage?
        source.loadFirst { first = try? $0.get() }
        #expect(await pumpUntil(30) { first != nil }, "the first page came")
        #expect(first?.items.count == 3)
    }

    @Test("a source that hands the same posts over on every page shows each once, then ends")
    func repeatingSource() async throws {
        let looping = MemberTestSource("loop", repeating: true, posts: 5, pages: 100)
        let source = Self.mix([looping, MemberTestSource("plain", posts: 5, pages: 2)])
        let (items, failure) = try await Self.drain(source)
        #expect(failure == nil)
        #expect(items.filter { $0.id.hasSuffix("\u{1F}loop-0") }.count == 1)
        #expect(Set(items.map(\.id)).count == items.count && items.count == 15, "\(items.map(\.id))")
        #expect(looping.loads <= 1 + ForYouSource.emptyPagesToEnd, "it stops asking: \(looping.loads) loads")
    }

    @Test("every source failing fails the mix; every source empty ends it empty")
    func allFailingOrEmpty() async throws {
        let dead = try await Self.drain(Self.mix([MemberTestSource("x", fails: true), MemberTestSource("y", fails: true)]))
        #expect(dead.failure?.message.hasSuffix(" is gone") == true, "the last source's own words: \(String(describing: dead.failure))")
        let empty = try await Self.drain(Self.mix([MemberTestSource("x", posts: 0, pages: 1), MemberTestSource("y", posts: 0, pages: 1)]))
        #expect(empty.failure == nil && empty.items.isEmpty)
    }

    @Test("a post published within the day says so, and its date comes from the feed's own words")
    func fresh() async throws {
        let new = MemberTestSource("new", posts: 2, pages: 1)
        new.publishedAt = Date().timeIntervalSince1970 - 600
        let source = Self.mix([new])
        let (items, _) = try await Self.drain(source)
        #expect(source.reasons(for: try #require(items.first).id) == [.fresh])
        #expect(FeedValueRules.published("2026-12-05T10:00:00Z") == 1_796_464_800)
        #expect(FeedValueRules.published("2026-12-05T10:00:00.250+01:00") == 1_796_461_200.25)
        for bad in ["yesterday", "", "1969-12-31T23:59:59Z", "3001-01-01T00:00:00Z", String(repeating: "2", count: 100)] {
            #expect(FeedValueRules.published(bad) == nil, "\(bad)")
        }
    }

    @Test("a remix keeps the posts through the one on screen and picks the rest again, never repeating one")
    func remix() async throws {
        let source = Self.mix([MemberTestSource("a", posts: 6), MemberTestSource("b", posts: 6)], seed: 3)
        var first: FeedSourcePage?
        source.loadFirst { first = try? $0.get() }
        #expect(await pumpUntil(10) { first != nil })
        let shown = try #require(first).items
        #expect(!source.remix(keepingThrough: "no such post"))
        #expect(source.remix(keepingThrough: shown[2].id))
        var again: FeedSourcePage?
        source.loadFirst { again = try? $0.get() }
        let page = try #require(again, "a remix answers at once")
        #expect(Array(page.items.prefix(3)) == Array(shown.prefix(3)))
        #expect(Set(page.items.map(\.id)).count == page.items.count)
        // The posts not kept come back later: nothing is lost.
        var rest = page.items
        var cursor = page.next
        while let next = cursor {
            var answered = false
            source.loadNext(after: next) { result in
                let more = try? result.get()
                rest += more?.items ?? []
                cursor = more?.next
                answered = true
            }
            #expect(await pumpUntil(10) { answered })
        }
        #expect(Set(rest.map(\.id)).isSuperset(of: shown.map(\.id)) && Set(rest.map(\.id)).count == rest.count && rest.count == 36)
    }
}
