import FeedMedia
import Foundation
import Synchronization

/// The demo feed's server-side likes: which posts the user has liked, and
/// which like requests fail on purpose so the app's revert path shows up.
///
/// Failures are deterministic: of the well-formed requests, numbered from 1
/// in arrival order, request n fails when ⌊n × share⌋ > ⌊(n − 1) × share⌋,
/// so a share of 0.1 fails the 10th, 20th, 30th, ... and any share is met
/// exactly over every run of requests. A failed request changes nothing.
///
/// Used from the server's thread (requests) and any other (pages, tests):
/// every access holds the store's mutex.
final class DemoLikeStore: Sendable {
    /// The share of like requests answered 500, from 0 (none) to 1 (all).
    let failureShare: Double

    /// The posts liked, and the well-formed requests seen so far.
    private let tally = Mutex((liked: Set<Int>(), requests: 0))

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
        let liked = tally.withLock { $0.liked.contains(number) }
        return (liked, Self.baseLikes(number: number) + (liked ? 1 : 0))
    }

    /// Applies a like request for post `number`: the state and count after
    /// it, or nil when this request is one that fails.
    func set(number: Int, liked wanted: Bool) -> (liked: Bool, likes: Int)? {
        let share = failureShare
        return tally.withLock { tally in
            tally.requests += 1
            guard !Self.fails(requestNumber: tally.requests, share: share) else { return nil }
            if wanted { tally.liked.insert(number) } else { tally.liked.remove(number) }
            return (wanted, Self.baseLikes(number: number) + (wanted ? 1 : 0))
        }
    }
}
