import Foundation

/// What the range store has served and taken in since it was opened, in
/// bytes: its side of the byte accounting shown in diagnostics (issue 5,
/// item 10). Network bytes split into active and speculative are counted by
/// the fetcher; these say how much of what playback asked for came from disk.
public struct CacheByteCounters: Sendable, Equatable {
    /// Bytes `read` returned from disk.
    public var hitBytes: Int64 = 0
    /// Bytes `read` was asked for but did not hold (the gaps of each missed read).
    public var missBytes: Int64 = 0
    /// Bytes `write` stored (after cutting at a known content length).
    public var writtenBytes: Int64 = 0
    /// Bytes deleted to stay within budget.
    public var evictedBytes: Int64 = 0

    /// All zero.
    public init() {}
}
