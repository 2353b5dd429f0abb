// Pure: values only, imports Foundation at most.

/// Counts rebuffers: the current player running out of data after its first
/// frame. Stalls before the first frame are startup time (TTFF), not
/// rebuffers, and one stall counts once however long it lasts.
public struct RebufferCounter: Sendable, Equatable, Codable {
    /// What the current player reported.
    public enum Event: String, Sendable, Hashable, Codable, CaseIterable {
        /// A different item became current.
        case itemChanged
        /// The current item's first frame was drawn.
        case firstFrame
        /// The current player started buffering.
        case bufferingStarted
        /// The current player has enough data again.
        case bufferingEnded
    }

    /// Rebuffers counted so far, across items.
    public private(set) var count: Int = 0
    /// Whether the current item has drawn its first frame.
    public private(set) var firstFrameShown: Bool = false
    /// Whether the current player is buffering now.
    public private(set) var buffering: Bool = false

    /// Nothing counted yet.
    public init() {}

    /// Takes one event into account.
    public mutating func record(_ event: Event) {
        switch event {
        case .itemChanged:
            firstFrameShown = false
            buffering = false
        case .firstFrame:
            firstFrameShown = true
        case .bufferingStarted:
            if firstFrameShown, !buffering { count += 1 }
            buffering = true
        case .bufferingEnded:
            buffering = false
        }
    }
}
