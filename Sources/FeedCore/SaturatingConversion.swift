// Pure: values only, imports Foundation at most.

/// Conversions from floating point that never trap.
///
/// Swift's `Int64(someDouble)` traps on NaN, infinity and anything outside
/// the type's range. Values that came from outside (a feed's duration, a
/// media file's claimed length, a D-Bus client's position) go through these
/// instead, so no such value can crash the app.
extension FixedWidthInteger {
    /// `value` rounded toward zero and clamped to the type's range; 0 for NaN.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value <= Double(Self.min) {
            self = .min
        } else if value >= Double(Self.max) {
            // Double(max) rounds up to a power of two for 64-bit types, so
            // anything below it converts exactly.
            self = .max
        } else {
            self = Self(value)
        }
    }

    /// `value` rounded to the nearest whole number, then as `init(saturating:)`.
    public init(saturatingRounded value: Double) {
        self.init(saturating: value.rounded())
    }
}
