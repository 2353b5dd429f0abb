// Pure: values only, imports Foundation at most.

/// Decides what to do after a failure and around it: retry, wait for the
/// network, or show the error.
///
/// Only the current item retries: speculative work for other items fails
/// quietly and gets a fresh chance when the item becomes current, so a bad
/// post ahead never spends the user's attention or the retry budget. Time is
/// never read here; delays are returned in seconds for the caller's timer.
public enum RetryPolicy {
    /// What an item has spent of its retries.
    public struct Budget: Sendable, Equatable, Codable {
        /// Timed retries already made.
        public var attemptsSpent: Int
        /// Whether the one silent retry after a cache corruption was made.
        public var silentRetrySpent: Bool

        /// Creates a budget.
        public init(attemptsSpent: Int = 0, silentRetrySpent: Bool = false) {
            self.attemptsSpent = attemptsSpent
            self.silentRetrySpent = silentRetrySpent
        }

        /// Nothing spent: for a new binding, a manual retry or a reconnect.
        public static let fresh = Budget()
    }

    /// What happened to the item.
    public enum Event: Sendable, Equatable, Codable {
        /// A load, decode or playback failed; `httpStatus` when an HTTP
        /// response caused it.
        case failed(ErrorCode, httpStatus: Int?)
        /// The user pressed retry on the error card.
        case manualRetry
        /// The network came back.
        case reconnected
        /// The item became the current one.
        case becameCurrent
    }

    /// What the caller should do.
    public enum Action: Sendable, Equatable, Codable {
        /// Retry after this many seconds (one timer, dropped by generation if
        /// the page is rebound meanwhile).
        case retry(afterSeconds: Double)
        /// Release every other player first (they may hold the decoder), then
        /// retry after this many seconds.
        case releaseOthersAndRetry(afterSeconds: Double)
        /// Delete the cached entry and retry at once, without telling the user.
        case evictAndRetry
        /// Retry at once.
        case retryNow
        /// Show that the network is gone; schedule nothing until `reconnected`.
        case waitForNetwork
        /// Give up and show this error.
        case report(ErrorCode)
        /// Nothing to do or show.
        case nothing
    }

    /// An event and what the caller knows about the item.
    public struct Input: Sendable, Equatable, Codable {
        /// What happened.
        public var event: Event
        /// What the item has spent of its retries so far.
        public var budget: Budget = .fresh
        /// Whether the item is the current one.
        public var isCurrent: Bool = true
        /// Whether the desktop reports connectivity.
        public var online: Bool = true
        /// Whether the item is showing an error now (for reconnects and
        /// becoming current).
        public var inError: Bool = false
        /// Delay before each timed retry, in seconds; its length is the
        /// number of attempts.
        public var delays: [Double] = [0.5, 1, 2]
        /// Whether the failing item's bytes were read from the disk cache:
        /// then bytes that would not demux or decode may be corrupt on disk.
        public var fromCache: Bool = false
        /// Whether the cached bytes are tied to one version of the origin's
        /// file (the entry has its ETag or Last-Modified). Every block is
        /// checked against its checksum when read and every range was
        /// fetched against that version, so bytes that would not demux or
        /// decode are the origin's: evicting them would only fetch them again.
        public var cacheVersionKnown: Bool = false

        /// Creates an input; by default the item is current, online, not in
        /// error, and read from the network.
        public init(event: Event, budget: Budget = .fresh, isCurrent: Bool = true, online: Bool = true,
                    inError: Bool = false, delays: [Double] = [0.5, 1, 2], fromCache: Bool = false,
                    cacheVersionKnown: Bool = false) {
            self.event = event
            self.budget = budget
            self.isCurrent = isCurrent
            self.online = online
            self.inError = inError
            self.delays = delays
            self.fromCache = fromCache
            self.cacheVersionKnown = cacheVersionKnown
        }
    }

    /// The action to take and the budget to keep for the item.
    public struct Decision: Sendable, Equatable, Codable {
        /// What to do now.
        public var action: Action
        /// The budget to remember for the item from now on.
        public var budget: Budget

        /// Creates a decision.
        public init(action: Action, budget: Budget) {
            self.action = action
            self.budget = budget
        }
    }

    /// Whether a failure may succeed if tried again: HTTP errors only for
    /// 5xx, 408 and 429; never a missing source, an unsupported format, an
    /// undecodable picture or an untrusted certificate; everything else yes.
    public static func isRetryable(_ code: ErrorCode, httpStatus: Int? = nil) -> Bool {
        switch code {
        case .httpError:
            return httpStatus.map(ErrorCode.isRetryableHTTPStatus) ?? false
        case .sourceNotFound, .unsupportedFormat, .imageDecodeFailed, .tlsError:
            return false
        case .networkUnavailable, .timeout, .decoderInitFailed, .decodeFailed,
             .cacheCorrupt, .cacheUnavailable, .playerFailed, .unknown:
            return true
        }
    }

    /// The decision for `input`.
    ///
    /// - A failure of a non-current item: nothing, and a fresh budget.
    /// - A cache corruption (a checksum that does not match), or bytes read
    ///   from the cache that would not demux or decode and are not tied to
    ///   one version of the file: evict and retry silently, once; then the
    ///   failure is judged as it is. Bytes tied to one version that would
    ///   not decode are judged as they are at once.
    /// - The disk cache cannot be written: retry now, silently, once (the
    ///   item then plays straight from the network).
    /// - A failure while offline: wait for the network, spending nothing.
    /// - A retryable failure with attempts left: retry after the next delay
    ///   (releasing the other players first for a decoder that failed to start).
    /// - Otherwise: report the error.
    /// - A manual retry: retry now with a fresh budget.
    /// - A reconnect, or becoming current, while in error: retry now with a
    ///   fresh budget (becoming current always refreshes the budget).
    public static func decide(_ input: Input) -> Decision {
        switch input.event {
        case .failed(let code, let status):
            return failed(code, status: status, input: input)
        case .manualRetry:
            return Decision(action: .retryNow, budget: .fresh)
        case .reconnected:
            guard input.isCurrent, input.inError else { return Decision(action: .nothing, budget: input.budget) }
            return Decision(action: .retryNow, budget: .fresh)
        case .becameCurrent:
            return Decision(action: input.inError ? .retryNow : .nothing, budget: .fresh)
        }
    }

    /// Failures that wrong bytes on disk cause: the stream would not demux
    /// or decode, or the pipeline stopped on bad data.
    static func mayBeCorruptBytes(_ code: ErrorCode) -> Bool {
        switch code {
        case .decodeFailed, .unsupportedFormat, .playerFailed: return true
        default: return false
        }
    }

    private static func failed(_ code: ErrorCode, status: Int?, input: Input) -> Decision {
        var budget = input.budget
        guard input.isCurrent else { return Decision(action: .nothing, budget: .fresh) }
        if code == .cacheUnavailable {
            // The disk cache stopped writing: play again at once, straight
            // from the network, silently; once.
            guard budget.silentRetrySpent else {
                budget.silentRetrySpent = true
                return Decision(action: .retryNow, budget: budget)
            }
            return Decision(action: .report(code), budget: budget)
        }
        if code == .cacheCorrupt || (input.fromCache && !input.cacheVersionKnown && mayBeCorruptBytes(code)) {
            guard budget.silentRetrySpent else {
                budget.silentRetrySpent = true
                return Decision(action: .evictAndRetry, budget: budget)
            }
            if code == .cacheCorrupt { return Decision(action: .report(code), budget: budget) }
        }
        guard input.online else { return Decision(action: .waitForNetwork, budget: budget) }
        guard isRetryable(code, httpStatus: status), budget.attemptsSpent >= 0,
              budget.attemptsSpent < input.delays.count else {
            return Decision(action: .report(code), budget: budget)
        }
        let delay = input.delays[budget.attemptsSpent]
        budget.attemptsSpent += 1
        let action: Action = code == .decoderInitFailed
            ? .releaseOthersAndRetry(afterSeconds: delay) : .retry(afterSeconds: delay)
        return Decision(action: action, budget: budget)
    }
}
