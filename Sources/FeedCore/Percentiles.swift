// Pure: values only, imports Foundation at most.

/// Percentiles over the most recent samples of a metric (time to first
/// frame, frame times, ...), so reports show the tail users feel, not a mean.
///
/// Nearest-rank definition: the p-th percentile of n sorted samples is the
/// sample at rank ⌈p/100 × n⌉ (at least 1). With one sample every percentile
/// is that sample; with two, p50 is the smaller and p90/p99 the larger; with
/// none there is no summary.
public enum Percentiles {
    /// p50, p90 and p99 in the samples' own unit.
    public struct Summary: Sendable, Equatable, Codable {
        /// The median.
        public var p50: Double
        /// Nine samples in ten are at or below this.
        public var p90: Double
        /// The tail: 99 samples in 100 are at or below this.
        public var p99: Double
        /// How many samples the summary covers.
        public var count: Int

        /// Creates a summary.
        public init(p50: Double, p90: Double, p99: Double, count: Int) {
            self.p50 = p50
            self.p90 = p90
            self.p99 = p99
            self.count = count
        }
    }

    /// The `percentile`-th percentile (0...100, clamped) of `samples`, or nil
    /// when there are none.
    public static func value(_ percentile: Double, of samples: [Double]) -> Double? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let p = min(max(percentile.isNaN ? 0 : percentile, 0), 100)
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// p50/p90/p99 of the last `window` samples, or nil when there are none
    /// (or `window` is not positive).
    public static func summary(of samples: [Double], window: Int = 100) -> Summary? {
        guard window > 0 else { return nil }
        let recent = Array(samples.suffix(window))
        guard let p50 = value(50, of: recent), let p90 = value(90, of: recent),
              let p99 = value(99, of: recent) else { return nil }
        return Summary(p50: p50, p90: p90, p99: p99, count: recent.count)
    }
}
