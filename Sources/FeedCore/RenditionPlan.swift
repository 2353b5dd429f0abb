// Pure: values only, imports Foundation at most.

import Foundation

/// Which rendition of an HLS master a player plays: Flick decides, the
/// demuxer follows (it is pinned to the choice's bandwidth).
///
/// In order:
/// 1. **The page.** Never above the smallest rendition that covers the
///    page's device pixels (with `contain`, as wide or as tall as the page;
///    with `cover`, both); when none does, the largest. Renditions of
///    unknown size are weighed by bandwidth alone.
/// 2. **The user and the link's price.** A height cap (`video-quality`
///    360…1080) lowers that ceiling; the saver quality, a metered network
///    and the data-saver setting play the lowest rendition of at least
///    ``VideoQuality/legibleLines`` lines (the largest there is when none
///    is that tall), and never switch up on their own.
/// 3. **The link.** Otherwise the highest rendition under the ceiling whose
///    bandwidth fits in ``headroom`` of the measured throughput (an unknown
///    one counts as ``unknownThroughput``); none fits: the lowest. A
///    prepared post is planned the same way, so it starts at the rendition
///    it will play.
/// Renditions that failed to load (`failed`) are never chosen again for
/// that post, unless every one has. A rendition the user picked for the
/// post (`forced`, the rail's More menu) plays whatever the rest says,
/// unless it failed.
///
/// 4. **No flapping.** A player that switched less than ``switchSeconds``
///    ago keeps its rendition, unless the ceiling now lies below it (a
///    smaller window, a lower cap, a metered link).
public enum RenditionPlan {
    /// The share of the measured throughput a rendition may use.
    public static let headroom = 0.75
    /// What an unknown link is taken to carry, in bits per second.
    public static let unknownThroughput = 2_000_000
    /// The fewest seconds between two switches of one player.
    public static let switchSeconds = 10.0

    public struct Inputs: Sendable, Equatable {
        public var variants: [HLSVariant]
        /// The page in device pixels; 0 × 0 when not known.
        public var page: PixelSize
        public var fit: ContentFit
        /// Measured bits per second to the media's origin; nil when unknown.
        public var throughput: Int?
        public var network: NetworkCondition
        public var quality: VideoQuality
        /// The index the player plays now, and seconds since it switched to it.
        public var previous: Int?
        public var secondsSinceSwitch: Double?
        /// Renditions that failed to load for this post.
        public var failed: Set<Int>
        /// The rendition the user picked for this post; nil: automatic.
        public var forced: Int?

        public init(variants: [HLSVariant], page: PixelSize, fit: ContentFit = .contain, throughput: Int? = nil,
                    network: NetworkCondition = .unmetered, quality: VideoQuality = .automatic,
                    previous: Int? = nil, secondsSinceSwitch: Double? = nil, failed: Set<Int> = [], forced: Int? = nil) {
            self.failed = failed
            self.forced = forced
            self.variants = variants
            self.page = page
            self.fit = fit
            self.throughput = throughput
            self.network = network
            self.quality = quality
            self.previous = previous
            self.secondsSinceSwitch = secondsSinceSwitch
        }
    }

    /// The index (in the master's order) to play; nil when there is none.
    public static func choose(_ inputs: Inputs) -> Int? {
        let all = ranked(inputs.variants)
        let usable = all.filter { !inputs.failed.contains($0) }
        let order = usable.isEmpty ? all : usable
        guard !order.isEmpty else { return nil }
        if let forced = inputs.forced, order.contains(forced) { return forced }
        let variants = inputs.variants
        // 1. The page's ceiling, as a place in `order`.
        var ceiling = order.count - 1
        if inputs.page.width > 0, inputs.page.height > 0,
           let covering = order.firstIndex(where: { covers(variants[$0], inputs.page, inputs.fit) }) {
            ceiling = covering
        }
        // 2. The user's cap and the link's price.
        let saving = inputs.quality == .saver || inputs.network == .metered || inputs.network == .dataSaver
        if case .cap(let lines) = inputs.quality {
            let under = order.lastIndex { (variants[$0].lines ?? 0) <= lines } ?? 0
            ceiling = min(ceiling, under)
        }
        let target: Int
        if saving {
            let legible = order.firstIndex { (variants[$0].lines ?? 0) >= VideoQuality.legibleLines } ?? order.count - 1
            target = min(ceiling, legible)
        } else {
            // 3. The link.
            let budget = Double(inputs.throughput ?? unknownThroughput) * headroom
            target = (0...ceiling).last { Double(variants[order[$0]].bandwidth ?? 0) <= budget } ?? 0
        }
        // 4. No flapping, and no switching up on a saver's own.
        guard let previous = inputs.previous, let now = order.firstIndex(of: previous), now != target else {
            return order[target]
        }
        if now > ceiling { return order[target] }
        if saving, target > now { return previous }
        if let seconds = inputs.secondsSinceSwitch, seconds < switchSeconds { return previous }
        return order[target]
    }

    /// The `connection-speed` (kbit/s) that makes `hlsdemux` (its
    /// `bitrate-limit` at 1) pick the rendition at `index`: the highest
    /// whose bandwidth is at most the speed. 1 for a rendition without a
    /// bandwidth (the demuxer then takes the lowest it knows).
    public static func connectionSpeedKbps(for index: Int, in variants: [HLSVariant]) -> UInt32 {
        guard variants.indices.contains(index), let bandwidth = variants[index].bandwidth else { return 1 }
        return UInt32(clamping: (bandwidth + 999) / 1000)
    }

    /// The master's indices from the smallest rendition to the largest: by
    /// lines (unknown sizes first), then bandwidth (unknown first), then
    /// the master's order (how the plan weighs them and the menu lists them).
    public static func ranked(_ variants: [HLSVariant]) -> [Int] {
        variants.indices.sorted { a, b in
            let (left, right) = (variants[a], variants[b])
            if (left.lines ?? 0) != (right.lines ?? 0) { return (left.lines ?? 0) < (right.lines ?? 0) }
            if (left.bandwidth ?? 0) != (right.bandwidth ?? 0) { return (left.bandwidth ?? 0) < (right.bandwidth ?? 0) }
            return a < b
        }
    }

    /// Whether `variant`'s pixels cover `page` as `fit` shows it.
    private static func covers(_ variant: HLSVariant, _ page: PixelSize, _ fit: ContentFit) -> Bool {
        guard let width = variant.width, let height = variant.height else { return false }
        switch fit {
        case .contain: return width >= page.width || height >= page.height
        case .cover: return width >= page.width && height >= page.height
        }
    }
}
