// Pure: values only, imports Foundation at most.

/// Time to first frame, defined once: from the moment a page becomes current
/// to the first paint that draws that item's video frame, in milliseconds;
/// 0 when the frame was already drawn before the page became current (a
/// prepared page arrives showing its frame).
public enum TimeToFirstFrame {
    /// TTFF in milliseconds, from two times in milliseconds on one steady clock.
    public static func milliseconds(becameCurrentAt current: Double, firstPaintAt paint: Double) -> Double {
        max(0, paint - current)
    }
}
