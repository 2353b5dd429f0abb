// Pure: values only, imports Foundation at most.

/// The byte ranges of one resource that are on disk.
///
/// The cache source element serves a read from disk when the range is held
/// and fetches only the gaps otherwise; this keeps that bookkeeping exact.
/// Ranges are half-open byte offsets (`0..<100` is the first 100 bytes).
public struct ByteRangeSet: Sendable, Equatable, Codable {
    /// Held ranges, sorted, non-empty, and never touching or overlapping.
    public private(set) var ranges: [Range<Int>] = []

    /// A set holding `ranges`, merged.
    public init(_ ranges: [Range<Int>] = []) {
        for range in ranges { insert(range) }
    }

    /// Adds a range, merging it with any it overlaps or touches. Empty
    /// ranges are ignored.
    public mutating func insert(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        var lower = range.lowerBound
        var upper = range.upperBound
        var kept: [Range<Int>] = []
        for existing in ranges {
            if existing.upperBound < lower || existing.lowerBound > upper {
                kept.append(existing)
            } else {
                lower = min(lower, existing.lowerBound)
                upper = max(upper, existing.upperBound)
            }
        }
        kept.append(lower..<upper)
        ranges = kept.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// Bytes held in total.
    public var totalBytes: Int {
        ranges.reduce(0) { $0 + $1.count }
    }

    /// Bytes that can be read from disk without a gap starting at `offset`;
    /// 0 when `offset` is not held.
    public func contiguousBytes(from offset: Int) -> Int {
        guard let range = ranges.first(where: { $0.contains(offset) }) else { return 0 }
        return range.upperBound - offset
    }

    /// The start of the first held range at or after `offset`, where a fetch
    /// starting at `offset` can stop; nil when nothing is held past it.
    public func nextCachedStart(atOrAfter offset: Int) -> Int? {
        ranges.first { $0.lowerBound >= offset }?.lowerBound
    }

    /// The parts of `range` that are not held, in order: what must still be
    /// fetched to serve it.
    public func gaps(in range: Range<Int>) -> [Range<Int>] {
        var gaps: [Range<Int>] = []
        var cursor = range.lowerBound
        for held in ranges where held.upperBound > cursor {
            if held.lowerBound >= range.upperBound { break }
            if held.lowerBound > cursor { gaps.append(cursor..<held.lowerBound) }
            cursor = max(cursor, held.upperBound)
            if cursor >= range.upperBound { break }
        }
        if cursor < range.upperBound { gaps.append(cursor..<range.upperBound) }
        return gaps
    }

    /// Whether every byte of `range` is held.
    public func contains(_ range: Range<Int>) -> Bool {
        range.isEmpty || contiguousBytes(from: range.lowerBound) >= range.count
    }

    /// Decodes the ranges and merges them, so a hand-edited index still
    /// holds a well-formed set.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode([Range<Int>].self, forKey: .ranges))
    }

    private enum CodingKeys: String, CodingKey {
        case ranges
    }
}
