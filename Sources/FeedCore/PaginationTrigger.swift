// Pure: values only, imports Foundation at most.
import Foundation

/// When to ask the feed source for its next page.
///
/// Asking a few items before the end hides the load behind viewing time;
/// asking once per list length (and never while a load is in flight) keeps a
/// fast swiper from firing a burst of requests for the same cursor.
public enum PaginationTrigger {
    /// Where the user landed and what is known about page loads.
    public struct Input: Sendable, Equatable, Codable {
        /// The page the pager landed on; clamped into the list.
        public var landingIndex: Int
        /// Items in the list.
        public var count: Int
        /// Load once the landing index reaches `count - 1 - threshold`.
        public var threshold: Int = 3
        /// True for the list's first mount, before any swipe: a short list
        /// (all of it within the threshold) then loads only from its last item.
        public var firstMount: Bool = false
        /// A page load is running.
        public var loadInFlight: Bool = false
        /// The source said there is nothing more.
        public var endReached: Bool = false
        /// The list length a load was last requested for, if any.
        public var requestedForCount: Int? = nil
        /// Consecutive failed loads for that length.
        public var failures: Int = 0
        /// When the last failure happened, in seconds on any steady clock.
        public var lastFailureTime: Double? = nil
        /// Now, in seconds on the same clock.
        public var now: Double = 0
        /// First retry delay after a failure, in seconds; doubles each time.
        public var backoffBase: Double = 1
        /// Longest retry delay, in seconds.
        public var backoffMax: Double = 30

        /// Creates an input; by default nothing has been requested yet.
        public init(landingIndex: Int, count: Int, threshold: Int = 3, firstMount: Bool = false,
                    loadInFlight: Bool = false, endReached: Bool = false, requestedForCount: Int? = nil,
                    failures: Int = 0, lastFailureTime: Double? = nil, now: Double = 0,
                    backoffBase: Double = 1, backoffMax: Double = 30) {
            self.landingIndex = landingIndex
            self.count = count
            self.threshold = threshold
            self.firstMount = firstMount
            self.loadInFlight = loadInFlight
            self.endReached = endReached
            self.requestedForCount = requestedForCount
            self.failures = failures
            self.lastFailureTime = lastFailureTime
            self.now = now
            self.backoffBase = backoffBase
            self.backoffMax = backoffMax
        }
    }

    /// What to do now.
    public enum Decision: Sendable, Equatable, Codable {
        /// Request the next page.
        case load
        /// Nothing to do.
        case idle
        /// The last load failed: check again at this time, in seconds.
        case retry(atSeconds: Double)
    }

    /// The decision for `input`. An empty list is never paged from here
    /// (the first page is the source's own first load).
    public static func decide(_ input: Input) -> Decision {
        guard input.count > 0, !input.loadInFlight, !input.endReached else { return .idle }
        let landing = min(max(input.landingIndex, 0), input.count - 1)
        let triggerIndex = input.count - 1 - max(input.threshold, 0)
        guard landing >= triggerIndex else { return .idle }
        if input.firstMount, triggerIndex <= 0, landing < input.count - 1 { return .idle }
        guard input.requestedForCount == input.count else { return .load }
        guard input.failures > 0 else { return .idle }
        let retryAt = (input.lastFailureTime ?? input.now)
            + backoff(failures: input.failures, base: input.backoffBase, max: input.backoffMax)
        return input.now >= retryAt ? .load : .retry(atSeconds: retryAt)
    }

    /// Seconds to wait after `failures` consecutive failures: `base`,
    /// doubling each time, never more than `max`.
    public static func backoff(failures: Int, base: Double = 1, max: Double = 30) -> Double {
        guard failures > 0 else { return 0 }
        let exponent = Double(Swift.min(failures - 1, 30))
        return Swift.min(base * pow(2, exponent), max)
    }
}
