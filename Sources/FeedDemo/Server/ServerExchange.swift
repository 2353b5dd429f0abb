import CGLib
import CSoup
import FeedGObject
import FeedMedia

/// One request and its response body on the server's thread: feeds the body
/// to libsoup in chunks (as the socket takes them, or as the throttle allows),
/// counts what was written, and applies the stall and truncate faults.
///
/// libsoup pauses a message by itself when its body runs out of queued
/// chunks and resumes on `soup_server_message_unpause`; a stalled response
/// simply never gets more. Owned by the server's thread.
final class ServerExchange: ThrottledSender {
    /// Bytes queued per append.
    static let chunkBytes = 64 * 1024
    /// Queued but unwritten bytes above which no more are queued.
    static let highWaterBytes = 256 * 1024

    /// The SoupServerMessage.
    let message: GObjectRef
    let path: String
    /// True once libsoup is done with the message (sent, failed or closed).
    private(set) var isFinished = false
    /// Delays the response (latency, page delay); cancelled when the server stops.
    var startTimer: ContextSource?

    private let counters: ServerCounters
    private let context: OpaquePointer
    private let onFinished: (ObjectIdentifier) -> Void
    private var connections: [SignalConnection] = []

    private var body: ResponseBody?
    /// Absolute offsets: the next byte to queue and the end (exclusive).
    private var next = 0
    private var end = 0
    /// Body bytes to send at most (the stall/truncate fault), nil for all.
    private var limit: Int?
    private var closesAtLimit = false
    private var throttled = false
    private var queued = 0
    private var written = 0
    private var closing = false

    /// Connects to the message's signals; `onFinished` is called once, from
    /// an idle callback after libsoup has finished with the message.
    init(message: OpaquePointer, path: String, counters: ServerCounters, context: OpaquePointer,
         onFinished: @escaping (ObjectIdentifier) -> Void) {
        self.message = GObjectRef(retaining: UnsafeMutableRawPointer(message))!
        self.path = path
        self.counters = counters
        self.context = context
        self.onFinished = onFinished
        counters.recordExchange(1)
        connect("finished") { $0.finish() }
        connect("wrote-headers") { $0.closeIfAtLimit() }
        connect("wrote-chunk") { exchange in
            if !exchange.throttled { exchange.feed() }
        }
        let wroteData: ClosureBox<(UInt32) -> Void> = ClosureBox { [weak self] count in self?.wrote(Int(count)) }
        if let connection = SignalConnection.connect(self.message.raw, "wrote-body-data", box: wroteData,
                                                     thunk: unsafeBitCast(wroteBodyDataThunk, to: GCallback.self)) {
            connections.append(connection)
        }
    }

    deinit {
        startTimer?.cancel()
        counters.recordExchange(-1)
    }

    var soupMessage: OpaquePointer { OpaquePointer(message.raw) }

    /// Starts sending `count` bytes of `body` from `offset`; headers are
    /// already set. With a throttle, bytes go out as it grants them.
    func startBody(_ body: ResponseBody, offset: Int, count: Int, limit: Int?, closesAtLimit: Bool,
                   throttle: BandwidthThrottle?) {
        self.body = body
        next = offset
        end = offset + count
        self.limit = limit.map { min($0, count) }
        self.closesAtLimit = closesAtLimit && limit.map { $0 < count } == true
        if let responseBody = soup_server_message_get_response_body(soupMessage) {
            // Written chunks are dropped instead of kept, and libsoup's own
            // Range handling (which needs the whole body) stays out of the way.
            soup_message_body_set_accumulate(responseBody, 0)
        }
        if let throttle, count > 0 {
            throttled = true
            throttle.add(self)
        } else {
            feed()
        }
    }

    /// Stops everything for a server that is going away.
    func cancel() {
        startTimer?.cancel()
        startTimer = nil
        body = nil
        isFinished = true
    }

    // MARK: ThrottledSender

    var wantsBytes: Bool { !isFinished && !closing && allowance > 0 }

    func send(upTo budget: Int) -> Int {
        guard wantsBytes, queued - written < Self.highWaterBytes else { return 0 }
        return queue(min(budget, Self.chunkBytes))
    }

    // MARK: Body

    /// Bytes still to queue: to the end of the range or to the fault's limit.
    private var allowance: Int {
        guard body != nil else { return 0 }
        return max(0, min(end - next, (limit ?? Int.max) - queued))
    }

    /// Unthrottled: keeps up to the high-water mark queued.
    private func feed() {
        while !isFinished, !closing, allowance > 0, queued - written < Self.highWaterBytes {
            _ = queue(Self.chunkBytes)
        }
    }

    /// Queues up to `count` bytes and wakes libsoup; returns how many.
    private func queue(_ count: Int) -> Int {
        guard let body, let responseBody = soup_server_message_get_response_body(soupMessage) else { return 0 }
        let bytes = body.read(offset: next, count: min(count, allowance))
        guard !bytes.isEmpty else { return 0 }
        bytes.withUnsafeBytes { raw in
            soup_message_body_append(responseBody, SOUP_MEMORY_COPY, raw.baseAddress, gsize(raw.count))
        }
        next += bytes.count
        queued += bytes.count
        if next >= end { soup_message_body_complete(responseBody) }
        soup_server_message_unpause(soupMessage)
        return bytes.count
    }

    private func wrote(_ count: Int) {
        written += count
        counters.recordBody(path: path, count: count)
        closeIfAtLimit()
    }

    /// The truncate fault: once its bytes are on the wire, take the
    /// connection from libsoup and close it (from an idle callback: libsoup
    /// is still inside its write loop when it reports bytes written).
    private func closeIfAtLimit() {
        guard closesAtLimit, !closing, let limit, written >= limit else { return }
        closing = true
        ContextSource.idle(on: context) { [weak self] in
            guard let self, !self.isFinished else { return }
            if let stream = soup_server_message_steal_connection(self.soupMessage) {
                g_io_stream_close(stream, nil, nil)
                g_object_unref(UnsafeMutableRawPointer(stream))
            }
            self.finish()
        }
    }

    private func finish() {
        guard !isFinished else { return }
        isFinished = true
        startTimer?.cancel()
        let id = ObjectIdentifier(self)
        // Let libsoup finish its emission before the exchange (and the
        // handlers being called) goes away.
        ContextSource.idle(on: context) { [onFinished] in onFinished(id) }
    }

    /// Connects a `void (*)(SoupServerMessage *, gpointer)` signal.
    private func connect(_ signal: String, _ handler: @escaping (ServerExchange) -> Void) {
        let box: ClosureBox<() -> Void> = ClosureBox { [weak self] in
            if let self { handler(self) }
        }
        if let connection = SignalConnection.connect(message.raw, signal, box: box,
                                                     thunk: unsafeBitCast(messageSignalThunk, to: GCallback.self)) {
            connections.append(connection)
        }
    }
}

private typealias MessageSignalThunk = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
private typealias WroteBodyDataThunk = @convention(c) (UnsafeMutableRawPointer?, guint, UnsafeMutableRawPointer?) -> Void

private let messageSignalThunk: MessageSignalThunk = { _, data in
    guard let data else { return }
    ClosureBox<() -> Void>.from(data).value()
}

private let wroteBodyDataThunk: WroteBodyDataThunk = { _, count, data in
    guard let data else { return }
    ClosureBox<(UInt32) -> Void>.from(data).value(count)
}
