// Pure: values only, imports Foundation at most.

/// How the disk cache cuts a file into checksummed blocks.
///
/// A file is cut into blocks of ``bytes`` from offset 0. Each block's
/// checksum covers the bytes of it the cache holds, in order (a block may
/// be held in part while its bytes arrive). Held bytes never change once
/// written (a changed file is a new entry), so a checksum taken with some
/// bytes held still verifies those bytes after more arrive.
public enum CacheBlocks {
    /// 64 KiB.
    public static let bytes = 64 * 1024

    /// The blocks `range` touches (empty for an empty range).
    public static func touching(_ range: Range<Int>) -> Range<Int> {
        guard !range.isEmpty else { return 0..<0 }
        return (range.lowerBound / bytes)..<((range.upperBound - 1) / bytes + 1)
    }

    /// The bytes of `block`.
    public static func span(of block: Int) -> Range<Int> {
        (block * bytes)..<((block + 1) * bytes)
    }

    /// The parts of `block` that `held` holds, in order.
    public static func heldPieces(of block: Int, in held: ByteRangeSet) -> [Range<Int>] {
        let span = span(of: block)
        return held.ranges.compactMap { range in
            let lower = max(range.lowerBound, span.lowerBound)
            let upper = min(range.upperBound, span.upperBound)
            return lower < upper ? lower..<upper : nil
        }
    }
}
