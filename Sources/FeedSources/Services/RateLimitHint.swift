import CGLib
import CSoup
import Foundation

/// What a refusing server asked for, in seconds from now: `Retry-After`
/// (delta seconds, or an HTTP date), else `X-RateLimit-Reset` or
/// `RateLimit-Reset` (Unix seconds, as Bluesky sends; delta seconds; or an
/// ISO 8601 time, as Mastodon sends). The
/// edge where header text becomes a number for FeedCore's
/// ``FeedCore/RateLimitWait``; dates are read by libsoup and GLib.
enum RateLimitHint {
    /// nil when neither header says anything readable.
    static func seconds(retryAfter: String?, rateLimitReset: String?, now: Date = Date()) -> Double? {
        if let retryAfter = retryAfter?.trimmingCharacters(in: .whitespaces), !retryAfter.isEmpty {
            if let delta = delta(retryAfter) { return delta }
            if let date = httpDate(retryAfter) { return date - now.timeIntervalSince1970 }
        }
        guard let reset = rateLimitReset?.trimmingCharacters(in: .whitespaces), !reset.isEmpty else { return nil }
        if let number = delta(reset) {
            // Unix seconds are large; small numbers are seconds from now.
            return number > 1_000_000_000 ? number - now.timeIntervalSince1970 : number
        }
        return isoDate(reset).map { $0 - now.timeIntervalSince1970 }
    }

    private static func delta(_ text: String) -> Double? {
        guard text.count <= 12, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Double(text)
    }

    private static func httpDate(_ text: String) -> Double? {
        guard let date = soup_date_time_new_from_http_string(text) else { return nil }
        defer { g_date_time_unref(date) }
        return Double(g_date_time_to_unix(date))
    }

    private static func isoDate(_ text: String) -> Double? {
        guard text.utf8.count <= 64, let date = g_date_time_new_from_iso8601(text, nil) else { return nil }
        defer { g_date_time_unref(date) }
        return Double(g_date_time_to_unix(date)) + Double(g_date_time_get_microsecond(date)) / 1_000_000
    }
}
