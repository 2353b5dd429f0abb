import CGLib
import FeedCore
import FeedGObject

/// How the current post plays: its error and whether it offers Retry, the
/// retry budget and timer (FeedCore's ``RetryPolicy``), its buffer's
/// verdict (``BufferWatch``), its time to first frame, its rebuffers, and
/// the counters the diagnostics and the bench
/// read. Owned by ``FeedSession``, which tells it of landings, frames,
/// buffering and failures and carries out what it decides. GTK thread only.
@MainActor
final class PlaybackHealth {
    /// The error the current item shows: its code and whether it offers
    /// Retry; nil while it shows none.
    var currentError: (code: ErrorCode, retryable: Bool)?
    /// Time to first frame of the current item, once known (ms).
    private(set) var ttffMilliseconds: Double?
    /// The counters over the session's life.
    var counters = PlaybackDiagnostics()
    private var rebuffer = RebufferCounter()
    /// Microseconds (monotonic) when the current rebuffer began.
    private var rebufferStartedAt: Int?
    /// Microseconds (monotonic) when the current item became current.
    private var becameCurrentAt = 0
    private var budget = RetryPolicy.Budget.fresh
    private var retryTimer: MainLoopSource?
    /// The current video's buffer verdict, which the preload plan follows.
    let bufferWatch: BufferWatch

    init(inbox: SessionInbox) {
        bufferWatch = BufferWatch(inbox: inbox)
    }

    /// A new current item: a fresh budget, no error, TTFF and rebuffers
    /// counted afresh. `leftPlayedItemUnseen` counts the item left before
    /// its first frame; `framePainted` says the new one's frame already
    /// showed (nothing to wait for: TTFF 0).
    func landed(leftPlayedItemUnseen: Bool, framePainted: Bool) {
        if leftPlayedItemUnseen, ttffMilliseconds == nil, currentError == nil { counters.leftBeforeFirstFrame += 1 }
        currentError = nil
        budget = .fresh
        cancelRetry()
        becameCurrentAt = Int(g_get_monotonic_time())
        rebuffer.record(.itemChanged)
        rebufferStartedAt = nil
        ttffMilliseconds = framePainted ? 0 : nil
        if framePainted {
            counters.ttffSamples.append(0)
            rebuffer.record(.firstFrame)
        }
    }

    /// The current item's first frame was painted now; false when its
    /// TTFF was known already.
    func firstFramePainted() -> Bool {
        guard ttffMilliseconds == nil else { return false }
        let ttff = TimeToFirstFrame.milliseconds(becameCurrentAt: Double(becameCurrentAt) / 1000,
                                                 firstPaintAt: Double(g_get_monotonic_time()) / 1000)
        ttffMilliseconds = ttff
        counters.ttffSamples.append(ttff)
        rebuffer.record(.firstFrame)
        return true
    }

    /// The current player ran dry (after its first frame: a rebuffer).
    func bufferingStarted() {
        rebuffer.record(.bufferingStarted)
        counters.rebuffers = rebuffer.count
        // Waiting before the first frame is startup (TTFF), not a rebuffer.
        if rebufferStartedAt == nil, rebuffer.firstFrameShown { rebufferStartedAt = Int(g_get_monotonic_time()) }
    }

    /// The current player has data again.
    func bufferingEnded() {
        rebuffer.record(.bufferingEnded)
        if let started = rebufferStartedAt {
            counters.rebufferMilliseconds += Double(Int(g_get_monotonic_time()) - started) / 1000
            rebufferStartedAt = nil
        }
    }

    /// FeedCore's decision for `input` made with the current budget (the
    /// new budget kept; automatic retries counted).
    func decide(_ input: RetryPolicy.Input) -> RetryPolicy.Decision {
        var input = input
        input.budget = budget
        let decision = RetryPolicy.decide(input)
        budget = decision.budget
        switch decision.action {
        case .retry, .releaseOthersAndRetry, .evictAndRetry: counters.retries += 1
        default: break
        }
        return decision
    }

    /// The current item shows `code`'s card; `counted` adds it to the
    /// errors shown (waiting for the network is not one).
    func show(_ code: ErrorCode, retryable: Bool, counted: Bool = true) {
        currentError = (code, retryable)
        if counted { counters.errorsShown += 1 }
    }

    /// Runs `retry` after `seconds` unless another retry or a landing comes first.
    func scheduleRetry(after seconds: Double, _ retry: @escaping @MainActor () -> Void) {
        cancelRetry()
        retryTimer = MainLoopSource.after(milliseconds: UInt32(saturatingRounded: seconds * 1000)) { retry() }
    }

    /// Drops a retry not yet made.
    func cancelRetry() {
        retryTimer?.cancel()
        retryTimer = nil
    }
}
