// Pure: values only, imports Foundation at most.

/// What the media cache does for a preload plan's videos: which startup
/// ranges it fetches (from their first missing byte, at low priority),
/// which running preloads it cancels, which files it pins on disk, and
/// what the byte accounting learns. FeedMedia's `MediaCache` carries it out.
///
/// The one gate for speculative cache work: nothing is fetched ahead while
/// the current item's buffer is unhealthy (it gets the whole link) or the
/// disk takes no more bytes; running preloads stop then, and what landed
/// stays. The current item and the next one are pinned either way.
public enum CacheWorkPlan {
    /// A planned item whose video is read through the cache.
    public struct Item: Sendable, Equatable, Codable {
        public var index: Int
        /// Its cache key.
        public var key: CacheKey
        /// The first byte of its startup range not on disk; nil when the
        /// whole range is there (asked only for `.startup` entries).
        public var firstMissingByte: Int64?
        /// It was played, or prepared to its first frame, from this cache
        /// before, in this run or an earlier one: what it needed to start
        /// was on disk then, so its startup
        /// range is not topped up ahead (a preload running for it goes on);
        /// what more it needs is fetched as its player reads. This is what
        /// keeps a warm run from fetching what the cold run passed by.
        public var played: Bool

        public init(index: Int, key: CacheKey, firstMissingByte: Int64? = nil, played: Bool = false) {
            self.index = index
            self.key = key
            self.firstMissingByte = firstMissingByte
            self.played = played
        }

        private enum CodingKeys: String, CodingKey { case index, key, firstMissingByte, played }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            index = try container.decode(Int.self, forKey: .index)
            key = try container.decode(CacheKey.self, forKey: .key)
            firstMissingByte = try container.decodeIfPresent(Int64.self, forKey: .firstMissingByte)
            played = try container.decodeIfPresent(Bool.self, forKey: .played) ?? false
        }
    }

    public struct Input: Sendable, Equatable, Codable {
        public var entries: [PreloadPlan.Entry]
        /// The plan's startup range, in bytes from the start of each file.
        public var startupBytes: Int64
        /// The planned items read through the cache (others have no entry).
        public var items: [Item]
        /// Keys with a preload running now.
        public var running: [CacheKey]
        /// Keys pinned now.
        public var pinned: [CacheKey]
        /// Keys of the last plan's cached items.
        public var planned: [CacheKey]
        /// The disk takes bytes (no full or failing disk).
        public var writable: Bool
        /// The current item's buffer is healthy.
        public var bufferHealthy: Bool

        public init(entries: [PreloadPlan.Entry], startupBytes: Int64, items: [Item], running: [CacheKey] = [],
                    pinned: [CacheKey] = [], planned: [CacheKey] = [], writable: Bool = true, bufferHealthy: Bool = true) {
            self.entries = entries
            self.startupBytes = startupBytes
            self.items = items
            self.running = running
            self.pinned = pinned
            self.planned = planned
            self.writable = writable
            self.bufferHealthy = bufferHealthy
        }
    }

    /// One preload to start: `start..<end` of the file under `key`.
    public struct Fetch: Sendable, Equatable, Codable {
        public var key: CacheKey
        public var start: Int64
        public var end: Int64

        public init(key: CacheKey, start: Int64, end: Int64) {
            self.key = key
            self.start = start
            self.end = end
        }
    }

    public struct Decision: Sendable, Equatable, Codable {
        /// Preloads to start, in plan order.
        public var fetch: [Fetch]
        /// Running preloads to cancel (sorted).
        public var cancel: [CacheKey]
        /// Keys to pin and to unpin (sorted).
        public var pin: [CacheKey]
        public var unpin: [CacheKey]
        /// The current item's key: what was fetched ahead for it was worth it.
        public var played: CacheKey?
        /// Keys that left the plan since the last one (sorted): bytes
        /// fetched ahead for them and never played count as wasted.
        public var leftPlan: [CacheKey]
        /// Keys of this plan's cached items (sorted), for the next decision.
        public var planned: [CacheKey]
        /// Whether speculative cache work (pictures too) may run.
        public var speculativeAllowed: Bool

        public init(fetch: [Fetch] = [], cancel: [CacheKey] = [], pin: [CacheKey] = [], unpin: [CacheKey] = [],
                    played: CacheKey? = nil, leftPlan: [CacheKey] = [], planned: [CacheKey] = [],
                    speculativeAllowed: Bool = true) {
            self.fetch = fetch
            self.cancel = cancel
            self.pin = pin
            self.unpin = unpin
            self.played = played
            self.leftPlan = leftPlan
            self.planned = planned
            self.speculativeAllowed = speculativeAllowed
        }
    }

    public static func decide(_ input: Input) -> Decision {
        let allowed = input.writable && input.bufferHealthy
        var decision = Decision(speculativeAllowed: allowed)
        var wanted: [CacheKey: Fetch?] = [:] // key → the fetch to start, nil when nothing is missing
        var order: [CacheKey] = []
        var pins = Set<CacheKey>()
        var inPlan = Set<CacheKey>()
        for entry in input.entries {
            guard let item = input.items.first(where: { $0.index == entry.index }) else { continue }
            inPlan.insert(item.key)
            if entry.priority == .p0 { decision.played = item.key }
            if entry.priority <= .p1 { pins.insert(item.key) }
            guard allowed, entry.video == .startup, wanted[item.key] == nil else { continue }
            order.append(item.key)
            wanted[item.key] = item.played ? .some(nil) : item.firstMissingByte.flatMap { start in
                start < input.startupBytes ? Fetch(key: item.key, start: start, end: input.startupBytes) : nil
            }
        }
        let running = Set(input.running)
        decision.cancel = running.filter { wanted[$0] == nil }.sorted()
        decision.fetch = order.compactMap { key in running.contains(key) ? nil : wanted[key] ?? nil }
        let pinned = Set(input.pinned)
        decision.pin = pins.subtracting(pinned).sorted()
        decision.unpin = pinned.subtracting(pins).sorted()
        decision.leftPlan = Set(input.planned).subtracting(inPlan).sorted()
        decision.planned = inPlan.sorted()
        return decision
    }
}
