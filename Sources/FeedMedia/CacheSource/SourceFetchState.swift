import FeedCore
import FeedHTTP
import Foundation

/// The fetch a ``CacheSourceInstance`` waits on, and what the network said
/// of its file: which fetch is current (by token), how far it has landed,
/// why it failed, where the file ends and whether the server ignores
/// ranges. Only under the instance's condition; the GTK thread's answers
/// carry the token they were asked with, and one for an older fetch is
/// dropped.
struct SourceFetchState {
    /// The current fetch's number; answers with another are stale.
    private(set) var token: UInt64 = 0
    /// A fetch is running, for `range` (file offsets), its bytes landed up to `position`.
    private(set) var active = false
    private(set) var position: Int64 = 0
    private(set) var end: Int64 = 0
    /// Why the current fetch failed; reported by the next fill, once.
    var failure: FetchFailure?
    /// Where the file ends when the network said so (416, or a body that
    /// ended early with no known length).
    private(set) var endOffset: Int64?
    /// The server answered a Range request with the whole file.
    private(set) var rangeIgnored = false
    /// The running fetch brings bytes ahead of the reads (a top-up): if it
    /// fails, no read needed it yet, so the next read that misses asks
    /// again rather than fail a read the disk can serve.
    private(set) var ahead = false
    /// When the running fetch began or last brought bytes.
    private var progressedAt = Date()

    /// Forgets the last start's file facts (the element starts again); the
    /// token goes on increasing.
    mutating func restart() {
        active = false
        failure = nil
        endOffset = nil
        rangeIgnored = false
    }

    /// Drops the running fetch: whatever it answers from now on is stale.
    mutating func drop() {
        active = false
        token += 1
    }

    /// Whether the running fetch will bring the bytes from `gapStart` on,
    /// within `readAhead` bytes of where it is.
    func willServe(gapStart: Int64, readAhead: Int64) -> Bool {
        active && CacheReadPlan.inFlightWillServe(position: position, end: end, gapStart: gapStart, readAhead: readAhead)
    }

    /// Whether the running fetch has brought nothing for
    /// ``CacheReadPlan/stalledFetchSeconds`` (a server stalling mid-body
    /// fails sooner, by the session's read timeout: this is a fetch whose
    /// answers never reach the reader), so its gap is asked for again.
    func stalled(now: Date) -> Bool {
        active && now.timeIntervalSince(progressedAt) >= CacheReadPlan.stalledFetchSeconds
    }

    /// A new fetch of `range` is asked for (`ahead`: by no read, see
    /// ``ahead``); returns its token.
    mutating func begin(_ range: Range<Int64>, ahead: Bool = false) -> UInt64 {
        token += 1
        active = true
        self.ahead = ahead
        position = range.lowerBound
        end = range.upperBound
        progressedAt = Date()
        return token
    }

    /// Fetch `token`'s bytes landed up to `reached`; false when it is stale.
    mutating func landed(token: UInt64, reached: Int64) -> Bool {
        guard token == self.token else { return false }
        position = max(position, reached)
        progressedAt = Date()
        return true
    }

    /// Fetch `token` ended as `end` having stored `stored` bytes; false when it is stale.
    mutating func ended(token: UInt64, _ end: FetchResult.End, stored: Int64, rangeIgnored: Bool) -> Bool {
        guard token == self.token else { return false }
        active = false
        if rangeIgnored { self.rangeIgnored = true }
        switch end {
        case .finished:
            // A body that brought nothing new ends the file there.
            if stored == 0 { endOffset = position }
        case .pastEnd:
            endOffset = position
        case .failed(let failure):
            if !ahead { self.failure = failure }
        case .cancelled:
            break
        }
        return true
    }
}
