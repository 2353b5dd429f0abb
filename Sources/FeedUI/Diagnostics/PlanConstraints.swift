import FeedCore

/// The system conditions the preload plan follows (the desktop's network,
/// memory and power signals), as the diagnostics overlay shows them.
/// A plain value; FeedCore's condition types, gathered.
public struct PlanConstraints: Sendable, Equatable {
    /// One condition that makes the plan smaller than on a calm desktop.
    public enum Constraint: String, Sendable, CaseIterable {
        case offline
        case metered
        case dataSaver = "data saver"
        case lowMemory = "low memory"
        case criticalMemory = "critical memory"
        case powerSaver = "power saver"
    }

    /// What the network allows (offline, metered or data saver constrain).
    public var network: NetworkCondition
    /// How short of memory the system is.
    public var memory: MemoryCondition
    /// Whether the power-saver profile is on.
    public var powerSaver: Bool

    public init(network: NetworkCondition = .unmetered, memory: MemoryCondition = .normal, powerSaver: Bool = false) {
        self.network = network
        self.memory = memory
        self.powerSaver = powerSaver
    }

    /// The conditions in force, in `Constraint.allCases` order; empty on a calm desktop.
    public var active: [Constraint] {
        var result: [Constraint] = []
        switch network {
        case .offline: result.append(.offline)
        case .metered: result.append(.metered)
        case .dataSaver: result.append(.dataSaver)
        case .unmetered: break
        }
        switch memory {
        case .pressure: result.append(.lowMemory)
        case .critical: result.append(.criticalMemory)
        case .normal: break
        }
        if powerSaver { result.append(.powerSaver) }
        return result
    }
}
