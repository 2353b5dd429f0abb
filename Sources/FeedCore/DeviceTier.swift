// Pure: values only, imports Foundation at most.

/// How capable the machine is, judged from its physical memory; low-tier
/// machines get no extra prepared players, high-tier ones keep the previous
/// item prepared too.
public enum DeviceTier: String, Sendable, Hashable, Codable, CaseIterable {
    /// Under 4 GiB: no extra players, no previous-item decode under constraint.
    case low
    /// 4 to 16 GiB: the default plan.
    case mid
    /// 16 GiB or more: the previous item is kept prepared too.
    case high

    /// The tier for a machine with this much physical memory, in bytes:
    /// under 4 GiB is low, 16 GiB or more is high, mid otherwise.
    public static func forPhysicalMemory(bytes: UInt64) -> DeviceTier {
        let gib: UInt64 = 1 << 30
        if bytes < 4 * gib { return .low }
        if bytes >= 16 * gib { return .high }
        return .mid
    }
}
