// Pure: values only, imports Foundation at most.

import Foundation

/// Which post For You shows next, from the next unseen posts of every
/// source, and why (``Reason``, what "Why am I seeing this?" says).
///
/// - Never a post already shown, and never a third post in a row from one
///   source or one author while another candidate is left.
/// - One pick in five explores (``explorationShare``, decided by `roll`,
///   which the caller draws from a seeded generator): a source drawn (by
///   `explore`) with a weight of one less its share of the last posts
///   shown, so the sources seen little are likelier and none is certain,
///   then its candidate of the least known author. Nothing is starved for
///   good, not even a source the user skips, yet it comes back seldom.
/// - Otherwise the best score: the faded affinities of the post's source,
///   author and tags (their mean), a bonus for a post published within a
///   day or so (``freshnessBonus``, halving each day), less a penalty for
///   its source's share of the last ``recentWindow`` posts shown
///   (``crowdingPenalty``). Ties go to the earlier candidate.
public enum MixPlan {
    /// One source's next unseen post.
    public struct Candidate: Sendable, Equatable, Codable {
        /// Unique across sources.
        public var id: String
        /// The source's address, as in `sources`.
        public var source: String
        public var author: String?
        /// Hashtags, community, channel, lowercased.
        public var tags: [String]
        /// Seconds since 1970, when known.
        public var publishedAt: Double?

        public init(id: String, source: String, author: String? = nil, tags: [String] = [], publishedAt: Double? = nil) {
            self.id = id
            self.source = source
            self.author = author
            self.tags = tags
            self.publishedAt = publishedAt
        }

        enum CodingKeys: String, CodingKey {
            case id, source, author, tags, publishedAt
        }

        /// Tags may be left out (a post without any).
        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(id: try container.decode(String.self, forKey: .id), source: try container.decode(String.self, forKey: .source),
                      author: try container.decodeIfPresent(String.self, forKey: .author),
                      tags: try container.decodeIfPresent([String].self, forKey: .tags) ?? [],
                      publishedAt: try container.decodeIfPresent(Double.self, forKey: .publishedAt))
        }

        /// What the user's signals about this post teach.
        public var keys: [TasteKey] {
            [.source(source)] + (author.map { [.author($0)] } ?? []) + tags.map { .tag($0.lowercased()) }
        }
    }

    /// A post shown, for the rules on what follows it.
    public struct Shown: Sendable, Equatable, Codable {
        public var source: String
        public var author: String?

        public init(source: String, author: String? = nil) {
            self.source = source
            self.author = author
        }
    }

    /// Why a post was picked, strongest first.
    public enum Reason: Sendable, Equatable, Codable {
        /// A tag the user watches to the end, likes or saves.
        case likedTag(String)
        case likedAuthor(String)
        case likedSource(String)
        /// A source none of the last posts came from.
        case rareSource(String)
        /// Published within the last day or so.
        case fresh
        /// One pick in five: something the user has seen little of.
        case exploring
        /// Nothing stands out: the mix's turn for this source.
        case mix

        /// A stable machine form (`liked-tag:cats`, `exploring`), for tests and tools.
        public var code: String {
            switch self {
            case .likedTag(let tag): return "liked-tag:\(tag)"
            case .likedAuthor(let author): return "liked-author:\(author)"
            case .likedSource(let source): return "liked-source:\(source)"
            case .rareSource(let source): return "rare-source:\(source)"
            case .fresh: return "fresh"
            case .exploring: return "exploring"
            case .mix: return "mix"
            }
        }
    }

    public struct Input: Sendable {
        public var candidates: [Candidate]
        public var taste: Taste
        /// Posts shown, oldest first.
        public var recent: [Shown]
        /// Ids of posts shown already.
        public var seen: Set<String>
        /// Seconds since 1970.
        public var now: Double
        /// A number in 0..<1 from the mix's seeded generator: whether this pick explores.
        public var roll: Double
        /// Another: which source an exploring pick draws.
        public var explore: Double

        public init(candidates: [Candidate], taste: Taste, recent: [Shown], seen: Set<String>, now: Double, roll: Double,
                    explore: Double = 0) {
            self.explore = explore
            self.candidates = candidates
            self.taste = taste
            self.recent = recent
            self.seen = seen
            self.now = now
            self.roll = roll
        }
    }

    public struct Choice: Sendable, Equatable {
        /// Into the input's candidates.
        public var index: Int
        /// The strongest reason.
        public var reason: Reason
        /// The next strongest, when another stands out too (a liked tag
        /// besides a liked source, or freshness): "Why am I seeing this?"
        /// says one or two.
        public var also: Reason?
        /// One or two reasons, strongest first.
        public var reasons: [Reason] { [reason] + (also.map { [$0] } ?? []) }
    }

    public static let explorationShare = 0.2
    /// Posts shown that the crowding penalty and "rare" look back on.
    public static let recentWindow = 20
    /// A source with every one of the last posts loses this much.
    public static let crowdingPenalty = 2.0
    /// A post published now gains this much; it halves each day.
    public static let freshnessBonus = 0.5
    /// An affinity under this does not count as a reason.
    public static let reasonThreshold = 0.3

    /// The next post, nil when no candidate is left unseen.
    public static func choose(_ input: Input) -> Choice? {
        let unseen = input.candidates.indices.filter { !input.seen.contains(input.candidates[$0].id) }
        guard !unseen.isEmpty else { return nil }
        let varied = unseen.filter { !thirdInARow(input.candidates[$0], after: input.recent) }
        let allowed = varied.isEmpty ? unseen : varied
        let window = input.recent.suffix(recentWindow)
        if input.roll.isFinite, input.roll < explorationShare, let pick = explored(allowed, input, window: Array(window)) {
            return Choice(index: pick, reason: .exploring)
        }
        let scored = allowed.map { ($0, score(input.candidates[$0], input, window: Array(window))) }
        guard let best = scored.max(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 > $1.0) }) else { return nil }
        let found = reasons(input.candidates[best.0], input, window: Array(window))
        return Choice(index: best.0, reason: found[0], also: found.dropFirst().first)
    }

    /// An exploring pick: a source drawn by `explore` with a weight of one
    /// less its share of `window` (all alike when none is left), then
    /// its candidate whose author is least known (the first of equals).
    static func explored(_ allowed: [Int], _ input: Input, window: [Shown]) -> Int? {
        var sources: [String] = []
        for index in allowed where !sources.contains(input.candidates[index].source) { sources.append(input.candidates[index].source) }
        guard !sources.isEmpty else { return nil }
        var weights = sources.map { source in
            window.isEmpty ? 1 : 1 - Double(window.filter { $0.source == source }.count) / Double(window.count)
        }
        if weights.allSatisfy({ $0 <= 0 }) { weights = sources.map { _ in 1 } }
        let total = weights.reduce(0, +)
        let point = (input.explore.isFinite ? min(max(input.explore, 0), 0.999_999) : 0) * total
        var drawn = sources.count - 1
        var reached = 0.0
        for (place, weight) in weights.enumerated() {
            reached += weight
            if point < reached, weight > 0 {
                drawn = place
                break
            }
        }
        let source = sources[drawn]
        let known = { (index: Int) -> Double in
            abs(input.candidates[index].author.map { input.taste.affinity(.author($0), now: input.now) } ?? 0)
        }
        return allowed.filter { input.candidates[$0].source == source }.min { known($0) < known($1) }
    }

    /// Whether `candidate` would be the third in a row from one source or one author.
    static func thirdInARow(_ candidate: Candidate, after recent: [Shown]) -> Bool {
        let lastTwo = recent.suffix(2)
        guard lastTwo.count == 2 else { return false }
        if lastTwo.allSatisfy({ $0.source == candidate.source }) { return true }
        guard let author = candidate.author else { return false }
        return lastTwo.allSatisfy { $0.author == author }
    }

    static func score(_ candidate: Candidate, _ input: Input, window: [Shown]) -> Double {
        let taste = input.taste, now = input.now
        var score = taste.affinity(.source(candidate.source), now: now)
        if let author = candidate.author { score += taste.affinity(.author(author), now: now) }
        if !candidate.tags.isEmpty {
            score += candidate.tags.map { taste.affinity(.tag($0.lowercased()), now: now) }.reduce(0, +) / Double(candidate.tags.count)
        }
        score += freshness(candidate, now: now)
        if !window.isEmpty {
            score -= crowdingPenalty * Double(window.filter { $0.source == candidate.source }.count) / Double(window.count)
        }
        return score
    }

    static func freshness(_ candidate: Candidate, now: Double) -> Double {
        guard let published = candidate.publishedAt, published.isFinite, now.isFinite else { return 0 }
        return freshnessBonus * Foundation.pow(0.5, max(0, now - published) / 86_400)
    }

    /// The one or two strongest things that made `candidate` the pick:
    /// the liked keys over ``reasonThreshold`` (the first of equals wins:
    /// source, then author, then tags in order), else a source not seen
    /// lately, then freshness; ``Reason/mix`` when nothing stands out.
    static func reasons(_ candidate: Candidate, _ input: Input, window: [Shown]) -> [Reason] {
        let taste = input.taste, now = input.now
        var liked: [(Double, Reason)] = [(taste.affinity(.source(candidate.source), now: now), .likedSource(candidate.source))]
        if let author = candidate.author { liked.append((taste.affinity(.author(author), now: now), .likedAuthor(author))) }
        for tag in candidate.tags { liked.append((taste.affinity(.tag(tag.lowercased()), now: now), .likedTag(tag.lowercased()))) }
        var found = liked.enumerated().filter { $0.element.0 >= reasonThreshold }
            .sorted { $0.element.0 > $1.element.0 || ($0.element.0 == $1.element.0 && $0.offset < $1.offset) }
            .map(\.element.1)
        if !window.isEmpty, !window.contains(where: { $0.source == candidate.source }) { found.append(.rareSource(candidate.source)) }
        if freshness(candidate, now: now) >= freshnessBonus / 2 { found.append(.fresh) }
        return found.isEmpty ? [.mix] : Array(found.prefix(2))
    }
}
