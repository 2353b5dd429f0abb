// Pure: values only, imports Foundation at most.

/// Where the network bytes went: to the current item, on speculation, and
/// how much of the speculation was wasted.
///
/// Wasted means speculative bytes of an item that was never played before it
/// left the preload plan. Each visit to the plan is judged on its own: an item
/// that leaves and comes back starts clean. Byte counts are in bytes.
public struct ByteAccounting: Sendable, Equatable, Codable {
    /// Bytes fetched for the current item.
    public private(set) var active: Int = 0
    /// Bytes fetched ahead for items that were not current.
    public private(set) var speculative: Int = 0
    /// Speculative bytes of items that left the plan without being played.
    public private(set) var wasted: Int = 0
    /// Speculative bytes not yet judged, by item id.
    private var pending: [String: Int] = [:]
    /// Items played during their current visit to the plan.
    private var played: Set<String> = []

    /// Nothing counted yet.
    public init() {}

    /// Every byte fetched.
    public var total: Int {
        active + speculative
    }

    /// Counts `bytes` fetched for `item`, as active when it is the current
    /// item, else as speculative.
    public mutating func fetched(_ bytes: Int, for item: String, current: Bool) {
        let bytes = max(bytes, 0)
        if current {
            active += bytes
        } else {
            speculative += bytes
            if !played.contains(item) { pending[item, default: 0] += bytes }
        }
    }

    /// `item` was played: its speculative bytes were useful.
    public mutating func played(_ item: String) {
        played.insert(item)
        pending[item] = nil
    }

    /// `item` left the plan: its unplayed speculative bytes are wasted.
    public mutating func leftPlan(_ item: String) {
        wasted += pending.removeValue(forKey: item) ?? 0
        played.remove(item)
    }
}
