import FeedMedia
import Foundation

/// The demo feed's server-side likes: which posts the user has liked, and
/// which like requests fail on purpose so the app's revert path shows up.
///
/// Failures are deterministic: of the well-formed requests, numbered from 1
/// in arrival order, request n fails when ⌊n × share⌋ > ⌊(n − 1) × share⌋,
/// so a share of 0.1 fails the 10th, 20th, 30th, ... and any share is met
/// exactly over every run of requests. A failed request changes nothing.
///
/// Used from the server's thread (requests) and any other (pages, tests):
/// every access takes the lock.
/// `@unchecked Sendable`: `liked` and `requests` are read and written under `lock` only; `failureShare` is constant.
final class DemoLikeStore: @unchecked Sendable {
    /// The share of like requests answered 500, from 0 (none) to 1 (all).
    let failureShare: Double

    private let lock = NSLock()
    /// Needs the lock.
    private var liked = Set<Int>()
    /// Needs the lock. Well-formed requests seen so far.
    private var requests = 0

    init(failureShare: Double) {
        self.failureShare = min(1, max(0, failureShare.isFinite ? failureShare : 0))
    }

    /// Whether request `number` (1-based) of a run fails at `share`.
    static func fails(requestNumber number: Int, share: Double) -> Bool {
        func failures(upTo count: Int) -> Int { Int((Double(count) * share + 1e-9).rounded(.down)) }
        return number > 0 && failures(upTo: number) > failures(upTo: number - 1)
    }

    /// The count a post starts with: spread over 0...999, the same on every run.
    static func baseLikes(number: Int) -> Int {
        (number * 7919) % 1_000
    }

    /// Post `number`'s state and count now.
    func state(number: Int) -> (liked: Bool, likes: Int) {
        let liked = lock.withLock { self.liked.contains(number) }
        return (liked, Self.baseLikes(number: number) + (liked ? 1 : 0))
    }

    /// Applies a like request for post `number`: the state and count after
    /// it, or nil when this request is one that fails.
    func set(number: Int, liked wanted: Bool) -> (liked: Bool, likes: Int)? {
        lock.withLock {
            requests += 1
            guard !Self.fails(requestNumber: requests, share: failureShare) else { return nil }
            if wanted { liked.insert(number) } else { liked.remove(number) }
            return (wanted, Self.baseLikes(number: number) + (wanted ? 1 : 0))
        }
    }
}
