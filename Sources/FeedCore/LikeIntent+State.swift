// Pure: values only, imports Foundation at most.

extension LikeIntent {
    /// One item's like: what the server last confirmed, what the user wants,
    /// and the request on its way. What the page shows (`liked`, `likes`) is
    /// derived from those, so it can never disagree with them.
    ///
    /// A plain value, kept per item by whoever runs the requests (on the GTK
    /// thread in the app).
    public struct State: Sendable, Equatable, Codable {
        /// What the server last said (or the feed, before any request).
        public var confirmed: Confirmed
        /// The user's latest wish; what the page shows as liked.
        public var intent: Bool
        /// The request on its way, if any: at most one per item.
        public var inFlight: Request?
        /// The sequence number of the last request started; the next one takes this + 1.
        public var lastSeq: UInt64

        /// An item as the feed describes it: nothing in flight, nothing wished yet.
        /// - Parameter likes: nil when the feed gives no count (none is shown then).
        public init(liked: Bool, likes: Int?) {
            self.init(confirmed: Confirmed(liked: liked, likes: likes), intent: liked)
        }

        /// Any state, for tables and restoring.
        public init(confirmed: Confirmed, intent: Bool, inFlight: Request? = nil, lastSeq: UInt64 = 0) {
            self.confirmed = confirmed
            self.intent = intent
            self.inFlight = inFlight
            self.lastSeq = lastSeq
        }

        /// Whether the page shows the item as liked (optimistic: the intent).
        public var liked: Bool { intent }

        /// The count the page shows: the confirmed count moved by one when
        /// the intent differs from the confirmed state, never below 0; nil
        /// when the count is unknown.
        public var likes: Int? {
            guard let count = confirmed.likes else { return nil }
            switch (confirmed.liked, intent) {
            case (false, true): return count + 1
            case (true, false): return max(0, count - 1)
            default: return count
            }
        }

        /// No request on its way and nothing left to send.
        public var isSettled: Bool { inFlight == nil && intent == confirmed.liked }
    }

    /// What the server holds for the item.
    public struct Confirmed: Sendable, Equatable, Codable {
        public var liked: Bool
        /// Nil when nobody has said how many.
        public var likes: Int?

        public init(liked: Bool, likes: Int?) {
            self.liked = liked
            self.likes = likes
        }
    }

    /// A request on its way: its sequence number and what it asks for.
    public struct Request: Sendable, Equatable, Codable {
        public var seq: UInt64
        public var liked: Bool

        public init(seq: UInt64, liked: Bool) {
            self.seq = seq
            self.liked = liked
        }
    }
}
