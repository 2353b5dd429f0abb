import FeedGObject

/// The bytes labels of the preferences: "132.4 MB of 500.0 MB". Megabytes
/// are 1,000,000 bytes, as in the budget settings.
enum UsageText {
    /// `bytes` as the desktop writes sizes, for the user's locale
    /// ("132.4 MB"; GLib's `g_format_size`, decimal units).
    static func megabytes(_ bytes: Int64) -> String {
        Translation.size(max(bytes, 0))
    }

    /// "132.4 MB of 500.0 MB" for `bytes` held against a budget of `budgetMB` MB.
    static func usage(_ bytes: Int64, budgetMB: Int64) -> String {
        // Translators: a cache's size and its budget, e.g. "132.4 MB of 500.0 MB".
        tr("%1$s of %2$s").filled(megabytes(bytes), megabytes(budgetMB &* 1_000_000))
    }

    /// The share of the budget held, 0…1 (full when over it).
    static func fraction(_ bytes: Int64, budgetMB: Int64) -> Double {
        guard budgetMB > 0 else { return 1 }
        return min(1, Double(max(bytes, 0)) / (Double(budgetMB) * 1_000_000))
    }
}
