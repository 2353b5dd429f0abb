import CGLib
import FeedCore
import FeedMedia
import Foundation

/// Flick's preferences, backed by GSettings. GTK thread only.
///
/// When the schema is not installed (running from a build folder without
/// `GSETTINGS_SCHEMA_DIR`), GSettings would abort the process; instead the
/// defaults are used, nothing is saved, and one warning says how to fix it.
@MainActor
final class AppSettings {
    private let settings: GObjectRef?

    init() {
        let source = g_settings_schema_source_get_default()
        if let source, let schema = g_settings_schema_source_lookup(source, AppInfo.schemaID, 1) {
            g_settings_schema_unref(schema)
            settings = GObjectRef(owning: g_settings_new(AppInfo.schemaID))
        } else {
            settings = nil
            Log.warning("settings schema \(AppInfo.schemaID) is not installed; using defaults and not saving preferences (install Flick with meson, or set GSETTINGS_SCHEMA_DIR to a folder with the compiled schema)")
        }
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

    /// Whether preferences are read from and saved to GSettings.
    var isPersistent: Bool { settings != nil }

    private var gsettings: UnsafeMutablePointer<GSettings>? { settings?.pointer(as: GSettings.self) }

    func int(_ key: SettingsKey, default fallback: Int32) -> Int32 {
        guard let gsettings else { return fallback }
        return g_settings_get_int(gsettings, key.rawValue)
    }

    func uint(_ key: SettingsKey, default fallback: UInt32) -> UInt32 {
        guard let gsettings else { return fallback }
        return g_settings_get_uint(gsettings, key.rawValue)
    }

    func bool(_ key: SettingsKey, default fallback: Bool) -> Bool {
        guard let gsettings else { return fallback }
        return g_settings_get_boolean(gsettings, key.rawValue) != 0
    }

    func set(_ key: SettingsKey, int value: Int32) {
        guard let gsettings else { return }
        g_settings_set_int(gsettings, key.rawValue, value)
    }

    func set(_ key: SettingsKey, bool value: Bool) {
        guard let gsettings else { return }
        g_settings_set_boolean(gsettings, key.rawValue, value ? 1 : 0)
    }

    /// How media fills a page.
    var contentFit: ContentFit {
        guard let gsettings else { return .cover }
        return g_settings_get_enum(gsettings, SettingsKey.contentFit.rawValue) == 1 ? .contain : .cover
    }

    /// Pages kept mounted on each side of the current one.
    var mountedPagesEachSide: Int {
        Int(uint(.mountedPagesEachSide, default: 2))
    }
}
