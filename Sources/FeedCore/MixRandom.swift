// Pure: values only, imports Foundation at most.

/// The random choices of For You (which pick explores): SplitMix64 from
/// a seed, so `--mix-seed=N` makes a mix repeatable for tests; a run
/// without one seeds it from the clock.
public struct MixRandom: Sendable, Equatable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// The next number in 0..<1.
    public mutating func nextUnit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return Double(mixed >> 11) / Double(UInt64(1) << 53)
    }
}
