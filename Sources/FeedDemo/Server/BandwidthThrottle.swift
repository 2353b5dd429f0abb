import CGLib
import FeedMedia

/// A response body that takes its bytes from the throttle.
protocol ThrottledSender: AnyObject {
    /// Queues up to `budget` body bytes now; returns how many it queued
    /// (fewer when it is done, stalled or waiting for the socket).
    func send(upTo budget: Int) -> Int
    /// False once the sender will never want bytes again.
    var wantsBytes: Bool { get }
}

/// One shared link: body bytes of every response together never go faster
/// than the configured rate. A token bucket refilled every tick and shared
/// evenly among the responses that can take bytes.
///
/// Owned by the server's thread; its timer runs on the server's context
/// only while some response is sending.
final class BandwidthThrottle {
    /// How often the bucket refills, in milliseconds.
    static let tickMilliseconds = 10

    private let bytesPerSecond: Double
    /// Unused tokens never exceed this (50 ms of traffic), so an idle link
    /// does not build up a burst.
    private let capacity: Double
    private let context: OpaquePointer
    private var senders: [ThrottledSender] = []
    private var tokens: Double = 0
    /// Monotonic time of the last refill, in microseconds.
    private var lastRefill: gint64 = 0
    private var timer: ContextSource?

    init(bitsPerSecond: Int, context: OpaquePointer) {
        bytesPerSecond = max(1, Double(bitsPerSecond) / 8)
        capacity = max(1, bytesPerSecond / 20)
        self.context = context
    }

    /// Starts feeding `sender` from the next tick.
    func add(_ sender: ThrottledSender) {
        senders.append(sender)
        guard timer == nil else { return }
        lastRefill = g_get_monotonic_time()
        timer = ContextSource.timeout(milliseconds: Self.tickMilliseconds, on: context) { [weak self] in
            self?.tick() ?? false
        }
    }

    /// Drops every sender and the timer (the server stops).
    func stop() {
        timer?.cancel()
        timer = nil
        senders.removeAll()
    }

    /// Refills, shares the tokens out; returns whether to keep ticking.
    private func tick() -> Bool {
        let now = g_get_monotonic_time()
        let elapsedSeconds = Double(now - lastRefill) / 1_000_000
        tokens = min(capacity, tokens + bytesPerSecond * elapsedSeconds)
        lastRefill = now
        senders.removeAll { !$0.wantsBytes }
        var hungry = senders
        while !hungry.isEmpty, tokens >= 1 {
            let share = max(1, Int(tokens) / hungry.count)
            hungry = hungry.filter { sender in
                let sent = sender.send(upTo: min(share, Int(tokens)))
                tokens -= Double(sent)
                return sent == share && tokens >= 1
            }
        }
        guard !senders.isEmpty else {
            timer = nil
            return false
        }
        return true
    }
}
