import CGLib
import FeedCore
import FeedGObject
import FeedMedia
import FlickTooling
import Foundation

/// Flick's preferences, backed by GSettings. GTK thread only.
///
/// When the schema is not installed (running from a build folder without
/// `GSETTINGS_SCHEMA_DIR`), GSettings would abort the process; instead the
/// defaults are used, nothing is saved, and one warning says how to fix it.
///
/// Numbers are read through `int`/`uint`, which keep them inside the range
/// the app accepts (`range(of:)`). GSettings itself refuses out-of-range
/// values for keys with a schema range, so for those this never triggers;
/// it guards the window size (no range in the schema) and a schema that
/// ever disagrees with the app, with a warning naming the key.
@MainActor
final class AppSettings {
    private let settings: GObjectRef?
    /// Ranges of the number keys as the schema declares them (empty without a schema).
    private let schemaRanges: [SettingsKey: ClosedRange<Int64>]
    /// The keys the installed schema has (all of them but for an older schema).
    private let schemaKeys: Set<SettingsKey>

    /// The installed schema, read and saved through the default backend.
    convenience init() {
        self.init(source: g_settings_schema_source_get_default(), backend: nil)
        if settings == nil {
            Log.warning("settings schema \(AppInfo.schemaID) is not installed; using defaults and not saving preferences (install Flick with meson, or set GSETTINGS_SCHEMA_DIR to a folder with the compiled schema)")
        }
    }

    /// The schema from `source` (nil: none, defaults only) on `backend`
    /// (nil: the default backend). Tests pass a compiled schema folder and
    /// a memory backend.
    init(source: OpaquePointer?, backend: OpaquePointer?) {
        guard let source, let schema = g_settings_schema_source_lookup(source, AppInfo.schemaID, 1) else {
            settings = nil
            schemaRanges = [:]
            schemaKeys = []
            return
        }
        defer { g_settings_schema_unref(schema) }
        var ranges: [SettingsKey: ClosedRange<Int64>] = [:]
        for key in SettingsKey.allCases {
            if let range = Self.schemaRange(schema, key) { ranges[key] = range }
        }
        schemaRanges = ranges
        let present = Set(SettingsKey.allCases.filter { g_settings_schema_has_key(schema, $0.rawValue) != 0 })
        schemaKeys = present
        let missing = SettingsKey.allCases.filter { !present.contains($0) }.map(\.rawValue)
        if !missing.isEmpty {
            Log.warning("the installed settings schema \(AppInfo.schemaID) is older than this Flick (no \(missing.joined(separator: ", "))): those keep their defaults and are not saved; install this Flick's schema")
        }
        settings = GObjectRef(owning: g_settings_new_full(schema, backend, nil))
    }

    private var connections: [SignalConnection] = []

    /// Calls `handler` whenever `key` changes (from the app, the preferences
    /// or the gsettings tool).
    func observe(_ key: SettingsKey, _ handler: @escaping @MainActor () -> Void) {
        guard let settings else { return }
        if let connection = Signals.connect(settings.raw, "changed::\(key.rawValue)", { (_: UnsafeMutableRawPointer?) in handler() }) {
            connections.append(connection)
        }
    }

    /// Keeps `property` of `object` and `key` equal both ways
    /// (`g_settings_bind`, default flags). Without a schema the property
    /// keeps its own value and nothing is saved.
    func bind(_ key: SettingsKey, to object: some GObjectPointer, property: String) {
        guard let gsettings = gsettings(key) else { return }
        g_settings_bind(gsettings, key.rawValue, object.rawGObject, property, G_SETTINGS_BIND_DEFAULT)
    }

    /// Whether preferences are read from and saved to GSettings.
    var isPersistent: Bool { settings != nil }

    /// The settings object for reading or writing `key`; nil without a
    /// schema, or when the installed schema is older than this Flick and
    /// lacks the key (GSettings aborts the process on a key it does not
    /// know): the key then keeps its default and is not saved.
    func gsettings(_ key: SettingsKey) -> UnsafeMutablePointer<GSettings>? {
        guard schemaKeys.contains(key) else { return nil }
        return settings?.pointer(as: GSettings.self)
    }

    /// The values `key` may take: the schema's range, else the app's own
    /// (`SettingsKey.acceptedRange`); nil for keys that are not numbers.
    func range(of key: SettingsKey) -> ClosedRange<Int64>? {
        schemaRanges[key] ?? key.acceptedRange
    }

    func int(_ key: SettingsKey, default fallback: Int32) -> Int32 {
        guard let gsettings = gsettings(key) else { return fallback }
        return Int32(clamped(key, Int64(g_settings_get_int(gsettings, key.rawValue))))
    }

    func uint(_ key: SettingsKey, default fallback: UInt32) -> UInt32 {
        guard let gsettings = gsettings(key) else { return fallback }
        return UInt32(clamped(key, Int64(g_settings_get_uint(gsettings, key.rawValue))))
    }

    func bool(_ key: SettingsKey, default fallback: Bool) -> Bool {
        guard let gsettings = gsettings(key) else { return fallback }
        return g_settings_get_boolean(gsettings, key.rawValue) != 0
    }

    func set(_ key: SettingsKey, int value: Int32) {
        guard let gsettings = gsettings(key) else { return }
        g_settings_set_int(gsettings, key.rawValue, value)
    }

    func set(_ key: SettingsKey, uint value: UInt32) {
        guard let gsettings = gsettings(key) else { return }
        g_settings_set_uint(gsettings, key.rawValue, value)
    }

    func set(_ key: SettingsKey, bool value: Bool) {
        guard let gsettings = gsettings(key) else { return }
        g_settings_set_boolean(gsettings, key.rawValue, value ? 1 : 0)
    }

    /// How media fills a page (the enum's nicks are FitChoice's raw values).
    var contentFit: FitChoice {
        get {
            guard let gsettings = gsettings(.contentFit),
                  let nick = g_settings_get_string(gsettings, SettingsKey.contentFit.rawValue) else { return .auto }
            defer { g_free(nick) }
            return FitChoice(rawValue: String(cString: nick)) ?? .auto
        }
        set {
            guard let gsettings = gsettings(.contentFit) else { return }
            g_settings_set_string(gsettings, SettingsKey.contentFit.rawValue, newValue.rawValue)
        }
    }

    /// A number key that is not a whole number (its range is the schema's).
    func double(_ key: SettingsKey, default fallback: Double) -> Double {
        guard let gsettings = gsettings(key) else { return fallback }
        let value = g_settings_get_double(gsettings, key.rawValue)
        return value.isFinite ? value : fallback
    }

    /// Saves a number key; a value outside the schema's range is refused by GSettings.
    func set(_ key: SettingsKey, double value: Double) {
        guard let gsettings = gsettings(key), value.isFinite else { return }
        g_settings_set_double(gsettings, key.rawValue, value)
    }

    /// The speed a feed opens at (`playback-rate`).
    var playbackRate: Double {
        PlaybackRate.accepted(double(.playbackRate, default: PlaybackRate.normal)) ?? PlaybackRate.normal
    }

    /// The volume, 0…1 cubic.
    var volume: Double {
        get { min(max(double(.volume, default: 1), 0), 1) }
        set { set(.volume, double: min(max(newValue, 0), 1)) }
    }

    /// What the feed does when a post is over (the enum's nicks are
    /// WhenFinished's raw values). Until the key is first set, the old
    /// `loop` switch turned off reads as `stop`.
    var whenFinished: WhenFinished {
        get {
            guard let gsettings = gsettings(.whenFinished) else { return .loop }
            if let set = g_settings_get_user_value(gsettings, SettingsKey.whenFinished.rawValue) {
                g_variant_unref(set)
            } else if !bool(.loop, default: true) {
                return .stop
            }
            guard let nick = g_settings_get_string(gsettings, SettingsKey.whenFinished.rawValue) else { return .loop }
            defer { g_free(nick) }
            return WhenFinished(rawValue: String(cString: nick)) ?? .loop
        }
        set {
            guard let gsettings = gsettings(.whenFinished) else { return }
            g_settings_set_string(gsettings, SettingsKey.whenFinished.rawValue, newValue.rawValue)
        }
    }

    /// Which HLS renditions play (the enum's nicks are VideoQuality's settings).
    var videoQuality: VideoQuality {
        get {
            guard let gsettings = gsettings(.videoQuality),
                  let nick = g_settings_get_string(gsettings, SettingsKey.videoQuality.rawValue) else { return .automatic }
            defer { g_free(nick) }
            return VideoQuality(setting: String(cString: nick)) ?? .automatic
        }
        set {
            guard let gsettings = gsettings(.videoQuality) else { return }
            g_settings_set_string(gsettings, SettingsKey.videoQuality.rawValue, newValue.setting)
        }
    }

    /// How long a photo shows under `next`, in seconds.
    var photoSeconds: Int {
        WhenFinished.photoSeconds(Int(uint(.photoSeconds, default: UInt32(WhenFinished.defaultPhotoSeconds))))
    }

    /// Whether hardware video decoders may be used (the enum's values are
    /// HardwareDecoding's order: auto 0, off 1).
    var hardwareDecoding: HardwareDecoding {
        guard let gsettings = gsettings(.hardwareDecoding) else { return .auto }
        return g_settings_get_enum(gsettings, SettingsKey.hardwareDecoding.rawValue) == 1 ? .off : .auto
    }

    /// Pages kept mounted on each side of the current one.
    var mountedPagesEachSide: Int {
        Int(uint(.mountedPagesEachSide, default: 2))
    }

    /// `value` inside `range(of: key)`, with a warning when it was not.
    private func clamped(_ key: SettingsKey, _ value: Int64) -> Int64 {
        guard let range = range(of: key), !range.contains(value) else { return value }
        let kept = min(max(value, range.lowerBound), range.upperBound)
        Log.warning("setting \(key.rawValue) is \(value), outside \(range.lowerBound)…\(range.upperBound); using \(kept)")
        return kept
    }

    /// The `<range>` of a number key in `schema`, nil when it has none.
    private static func schemaRange(_ schema: OpaquePointer, _ key: SettingsKey) -> ClosedRange<Int64>? {
        guard g_settings_schema_has_key(schema, key.rawValue) != 0,
              let schemaKey = g_settings_schema_get_key(schema, key.rawValue) else { return nil }
        defer { g_settings_schema_key_unref(schemaKey) }
        // ("range", <(min, max)>) for ranged numbers; ("type", …) or ("enum", …) otherwise.
        guard let description = g_settings_schema_key_get_range(schemaKey) else { return nil }
        defer { g_variant_unref(description) }
        let kindValue = g_variant_get_child_value(description, 0)!
        defer { g_variant_unref(kindValue) }
        guard String(cString: g_variant_get_string(kindValue, nil)) == "range" else { return nil }
        let boxed = g_variant_get_child_value(description, 1)!
        defer { g_variant_unref(boxed) }
        let pair = g_variant_get_variant(boxed)!
        defer { g_variant_unref(pair) }
        guard let low = number(g_variant_get_child_value(pair, 0)),
              let high = number(g_variant_get_child_value(pair, 1)) else { return nil }
        return low...high
    }

    /// An integer GVariant (taken over and released) as Int64.
    private static func number(_ variant: OpaquePointer?) -> Int64? {
        guard let variant else { return nil }
        defer { g_variant_unref(variant) }
        let type = String(cString: g_variant_get_type_string(variant))
        switch type {
        case "u": return Int64(g_variant_get_uint32(variant))
        case "i": return Int64(g_variant_get_int32(variant))
        case "t": return Int64(clamping: g_variant_get_uint64(variant))
        case "x": return Int64(g_variant_get_int64(variant))
        default: return nil
        }
    }
}

extension AppSettings {
    /// The cache budgets in bytes (the settings are in MB of 1,000,000 bytes).
    var cacheBudgets: CacheBudgets {
        CacheBudgets(videoBytes: Int64(uint(.videoCacheBudgetMB, default: 500)) * 1_000_000,
                     imageBytes: Int64(uint(.imageCacheBudgetMB, default: 200)) * 1_000_000)
    }
}
