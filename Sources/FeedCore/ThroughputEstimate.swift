// Pure: values only, imports Foundation at most.

/// What a link to one origin carries, from the downloads that went
/// through it: a moving average of each download's bits per second, so
/// one slow or fast segment moves it halfway. A download too small to
/// time (under ``minimumBytes``) or timed at nothing says nothing; a rate
/// is believed only within ``range`` (a segment read from the disk cache
/// is not a link of terabits).
public enum ThroughputEstimate {
    /// The smallest download that counts, in bytes.
    public static let minimumBytes = 16 * 1024
    /// Rates believed, in bits per second.
    public static let range = 10_000...1_000_000_000
    /// The weight of a new download against what was known.
    public static let weight = 0.5

    /// The estimate after a download of `bytes` in `seconds`, from `old`
    /// (nil: nothing known yet); `old` again when the download says nothing.
    public static func update(_ old: Int?, bytes: Int, seconds: Double) -> Int? {
        guard bytes >= minimumBytes, seconds.isFinite, seconds > 0 else { return old }
        let rate = min(Double(range.upperBound), max(Double(range.lowerBound), Double(bytes) * 8 / seconds))
        guard let old, range.contains(old) else { return Int(rate) }
        return Int(Double(old) * (1 - weight) + rate * weight)
    }
}
