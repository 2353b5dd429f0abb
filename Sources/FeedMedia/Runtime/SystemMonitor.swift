import CGLib
import FeedCore
import FeedGObject
import Foundation

/// What the desktop says about the machine, for the preload plan: network
/// (GNetworkMonitor: available, metered), memory (GMemoryMonitor's
/// low-memory warnings), power saver (GPowerProfileMonitor) and the device
/// tier from physical memory. GTK thread only; signals arrive on the
/// default main context.
@MainActor
public final class SystemMonitor {
    /// A plain snapshot.
    public struct Conditions: Sendable, Equatable {
        public var network: NetworkCondition
        public var memory: MemoryCondition
        public var powerSaver: Bool
        public var tier: DeviceTier
        /// Whether anyone can see the feed (the app's window and the
        /// screen lock say; the monitor leaves it visible).
        public var visibility: WindowVisibility

        public init(network: NetworkCondition = .unmetered, memory: MemoryCondition = .normal,
                    powerSaver: Bool = false, tier: DeviceTier = .mid, visibility: WindowVisibility = .visible) {
            self.network = network
            self.memory = memory
            self.powerSaver = powerSaver
            self.tier = tier
            self.visibility = visibility
        }
    }

    /// How long after the last low-memory warning memory counts as normal
    /// again, in seconds: GMemoryMonitor never says the pressure is over.
    static let memoryCalmSeconds: UInt32 = 30

    /// Called when the conditions change.
    public var onChange: ((Conditions) -> Void)?
    public private(set) var conditions: Conditions

    private let network: OpaquePointer?
    private let memory: GObjectRef?
    private let power: GObjectRef?
    private var connections: [SignalConnection] = []
    private var memoryCalm: MainLoopSource?

    public init() {
        network = g_network_monitor_get_default()
        memory = GObjectRef(owning: g_memory_monitor_dup_default().map { UnsafeMutableRawPointer($0) })
        power = GObjectRef(owning: g_power_profile_monitor_dup_default().map { UnsafeMutableRawPointer($0) })
        conditions = Conditions(tier: DeviceTier.forPhysicalMemory(bytes: Self.physicalMemory()))
        conditions.network = readNetwork()
        conditions.powerSaver = readPowerSaver()
        if let network {
            connections += [Signals.connect(UnsafeMutableRawPointer(network), "network-changed") {
                [weak self] (_: UnsafeMutableRawPointer?) in self?.refresh()
            }].compactMap { $0 }
        }
        if let power {
            connections += [Signals.connect(power.raw, "notify::power-saver-enabled") {
                [weak self] (_: UnsafeMutableRawPointer?) in self?.refresh()
            }].compactMap { $0 }
        }
        if let memory {
            connections += [Signals.connectInt(memory.raw, "low-memory-warning") { [weak self] level in
                self?.memoryWarning(level)
            }].compactMap { $0 }
        }
    }

    /// The machine's physical memory in bytes.
    static func physicalMemory() -> UInt64 {
        UInt64(max(0, sysconf(Int32(_SC_PHYS_PAGES)))) * UInt64(max(0, sysconf(Int32(_SC_PAGESIZE))))
    }

    private func readNetwork() -> NetworkCondition {
        guard let network else { return .unmetered }
        if g_network_monitor_get_network_available(network) == 0 { return .offline }
        return g_network_monitor_get_network_metered(network) != 0 ? .metered : .unmetered
    }

    private func readPowerSaver() -> Bool {
        guard let power else { return false }
        return g_power_profile_monitor_get_power_saver_enabled(OpaquePointer(power.raw)) != 0
    }

    private func refresh() {
        var next = conditions
        next.network = readNetwork()
        next.powerSaver = readPowerSaver()
        publish(next)
    }

    /// GMemoryMonitorWarningLevel: LOW (50) and MEDIUM (100) are pressure,
    /// CRITICAL (255) is critical; calm again after `memoryCalmSeconds`.
    private func memoryWarning(_ level: Int32) {
        var next = conditions
        next.memory = level >= Int32(G_MEMORY_MONITOR_WARNING_LEVEL_CRITICAL.rawValue) ? .critical : .pressure
        publish(next)
        memoryCalm?.cancel()
        memoryCalm = MainLoopSource.after(milliseconds: Self.memoryCalmSeconds * 1000) { [weak self] in
            guard let self else { return }
            var calm = self.conditions
            calm.memory = .normal
            self.publish(calm)
        }
    }

    private func publish(_ next: Conditions) {
        guard next != conditions else { return }
        conditions = next
        onChange?(next)
    }
}
