// Pure: values only, imports Foundation at most.

extension LikeIntent {
    /// What happened to an item's like.
    public enum Event: Sendable, Equatable, Codable {
        /// The user liked or unliked (heart, `l`, double-click).
        case toggle
        /// The request `seq` was answered with the server's state; `likes`
        /// is nil when the server gave no count.
        case requestSucceeded(seq: UInt64, liked: Bool, likes: Int?)
        /// The request `seq` failed: network, HTTP status or unreadable answer.
        case requestFailed(seq: UInt64)
    }

    /// What the caller should do after an event.
    public enum Action: Sendable, Equatable, Codable {
        /// Start request `seq` asking for `liked`.
        case send(seq: UInt64, liked: Bool)
        /// The shown state went back to the confirmed one; `toast` when
        /// that visibly undid the user's wish (tell them).
        case revert(toast: Bool)
    }

    /// The state to keep and the action to take, if any.
    public struct Decision: Sendable, Equatable, Codable {
        public var state: State
        public var action: Action?

        public init(state: State, action: Action? = nil) {
            self.state = state
            self.action = action
        }
    }
}
