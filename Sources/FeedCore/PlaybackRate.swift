// Pure: values only, imports Foundation at most.

/// How fast videos play: `<` and `>` step through ``steps``, a held press
/// plays at ``held`` while it lasts, MPRIS may ask for any rate within
/// ``range``. Rates are multiples of normal speed (1 = normal).
public enum PlaybackRate {
    /// The speeds the keys step through, slowest first.
    public static let steps: [Double] = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2]
    /// The rates Flick plays at (MPRIS's MinimumRate and MaximumRate).
    public static let range = 0.25...2.0
    public static let normal = 1.0
    /// The rate while a press on the video is held.
    public static let held = 2.0
    /// How long a press must be held before it plays at ``held``, in ms.
    public static let holdMilliseconds: UInt32 = 400

    /// The next step above `rate` (the fastest stays).
    public static func faster(than rate: Double) -> Double {
        steps.first { $0 > rate + 1e-9 } ?? steps[steps.count - 1]
    }

    /// The next step below `rate` (the slowest stays).
    public static func slower(than rate: Double) -> Double {
        steps.last { $0 < rate - 1e-9 } ?? steps[0]
    }

    /// `rate` when Flick can play at it: finite and within ``range``.
    public static func accepted(_ rate: Double) -> Double? {
        rate.isFinite && range.contains(rate) ? rate : nil
    }
}
