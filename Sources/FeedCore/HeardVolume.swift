// Pure: values only, imports Foundation at most.

/// The volume a remote (MPRIS: a shell's media controls, a phone) reads
/// and sets is the one heard: 0 while the feed is muted, and a volume
/// above 0 set from outside unmutes at that volume; 0 mutes and keeps the
/// volume to come back to. Flick starts muted, so a remote that only knew
/// the slider's volume showed full volume over silence and could never
/// give the feed sound. The table `heard-volume.json` is the spec.
public enum HeardVolume {
    /// What the feed does for a volume set from outside.
    public struct Change: Sendable, Equatable, Codable {
        public var muted: Bool
        /// The new volume (0…1, cubic); nil: unchanged.
        public var volume: Double?

        public init(muted: Bool, volume: Double?) {
            self.muted = muted
            self.volume = volume
        }
    }

    /// The volume heard (0…1): `volume` when sound is on, 0 when muted.
    public static func reported(volume: Double, muted: Bool) -> Double {
        muted ? 0 : min(max(volume, 0), 1)
    }

    /// The change for `requested` set from outside (clamped to 0…1); nil
    /// for a value that is no number.
    public static func set(_ requested: Double) -> Change? {
        guard requested.isFinite else { return nil }
        let volume = min(max(requested, 0), 1)
        return volume == 0 ? Change(muted: true, volume: nil) : Change(muted: false, volume: volume)
    }
}
