/// The bytes labels of the preferences: "132 MB of 500 MB". Megabytes are
/// 1,000,000 bytes, as in the budget settings.
enum UsageText {
    /// `bytes` in MB: "0 MB", "0.4 MB", "9.5 MB", "132 MB", "1,250 MB".
    static func megabytes(_ bytes: Int64) -> String {
        let megabytes = Double(max(bytes, 0)) / 1_000_000
        if bytes <= 0 { return "0 MB" }
        if megabytes < 10 {
            let tenths = max(1, Int((megabytes * 10).rounded()))
            return tenths % 10 == 0 ? "\(tenths / 10) MB" : "\(tenths / 10).\(tenths % 10) MB"
        }
        return "\(grouped(Int64(megabytes.rounded()))) MB"
    }

    /// "132 MB of 500 MB" for `bytes` held against a budget of `budgetMB` MB.
    static func usage(_ bytes: Int64, budgetMB: Int64) -> String {
        "\(megabytes(bytes)) of \(grouped(budgetMB)) MB"
    }

    /// The share of the budget held, 0…1 (full when over it).
    static func fraction(_ bytes: Int64, budgetMB: Int64) -> Double {
        guard budgetMB > 0 else { return 1 }
        return min(1, Double(max(bytes, 0)) / (Double(budgetMB) * 1_000_000))
    }

    /// 1250 → "1,250".
    static func grouped(_ value: Int64) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }
}
