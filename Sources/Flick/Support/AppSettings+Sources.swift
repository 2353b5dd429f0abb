import CGLib
import FeedCore
import Foundation

/// The sources the sidebar lists, the one last showing, and where each was
/// left: GSettings `sources` (`a(sss)`), `last-source` (`s`) and
/// `resume-points` (`a(ssud)`). GVariant is read and built here only.
extension AppSettings {
    /// The sidebar's sources; a value the schema cannot hold reads as the
    /// demo alone. Kinds Flick does not know are left out.
    var sources: SourceLibrary {
        get {
            guard let rows = tuples(.sources, width: 3) else { return SourceLibrary() }
            let entries = rows.compactMap { row -> SourceLibrary.Entry? in
                guard let kind = SourceLibrary.Kind(rawValue: row[0].text ?? "") else { return nil }
                return SourceLibrary.Entry(kind: kind, name: row[1].text ?? "", address: row[2].text ?? "")
            }
            return SourceLibrary(entries: entries.isEmpty ? [SourceLibrary.demo] : entries)
        }
        set {
            set(.sources, rows: newValue.entries.map { [.text($0.kind.rawValue), .text($0.name), .text($0.address)] },
                type: "(sss)")
        }
    }

    /// The address of the source last showing ("" for the demo).
    var lastSource: String {
        get {
            guard let gsettings = gsettings(.lastSource), let text = g_settings_get_string(gsettings, SettingsKey.lastSource.rawValue)
            else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        }
        set {
            guard let gsettings = gsettings(.lastSource) else { return }
            g_settings_set_string(gsettings, SettingsKey.lastSource.rawValue, newValue)
        }
    }

    /// The Bluesky AppView's address, as set (checked where it is used).
    var blueskyAppView: String {
        guard let gsettings = gsettings(.blueskyAppView),
              let text = g_settings_get_string(gsettings, SettingsKey.blueskyAppView.rawValue) else { return Self.defaultAppView }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The public AppView, when the schema is not installed.
    static let defaultAppView = "https://public.api.bsky.app"

    /// Where `did:plc` documents are read, as set (checked where it is used).
    var blueskyPLCDirectory: String {
        guard let gsettings = gsettings(.blueskyPLCDirectory),
              let text = g_settings_get_string(gsettings, SettingsKey.blueskyPLCDirectory.rawValue) else { return Self.defaultPLCDirectory }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Bluesky's sign-in service, as set (checked where it is used).
    var blueskyPDS: String {
        guard let gsettings = gsettings(.blueskyPDS),
              let text = g_settings_get_string(gsettings, SettingsKey.blueskyPDS.rawValue) else { return Self.defaultPDS }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Bluesky's own sign-in service, when the schema is not installed.
    static let defaultPDS = "https://bsky.social"

    /// The public PLC directory, when the schema is not installed.
    static let defaultPLCDirectory = "https://plc.directory"

    /// The accounts signed in to (their tokens are in the keyring); rows
    /// that are not accounts are left out.
    var accounts: AccountList {
        get {
            let rows = (tuples(.accounts, width: 4) ?? []).map { row in
                (row[0].text ?? "", row[1].text ?? "", row[2].text ?? "", row[3].text ?? "")
            }
            return AccountList(rows: rows)
        }
        set {
            set(.accounts, rows: newValue.rows.map { [.text($0.0), .text($0.1), .text($0.2), .text($0.3)] }, type: "(ssss)")
        }
    }

    /// Where a source was left, by its address.
    func resumePoint(for address: String) -> ResumePoint? {
        resumeRows().first { $0.address == address }?.point
    }

    /// Saves where `address` was left, most recent first, keeping ``ResumePoint/maxKept``.
    func setResumePoint(_ point: ResumePoint, for address: String) {
        var rows = resumeRows().filter { $0.address != address }
        rows.insert((address, point), at: 0)
        set(.resumePoints, rows: rows.prefix(ResumePoint.maxKept).map { row in
            [.text(row.address), .text(row.point.id), .count(UInt32(clamping: row.point.index)), .seconds(row.point.seconds)]
        }, type: "(ssud)")
    }

    private func resumeRows() -> [(address: String, point: ResumePoint)] {
        (tuples(.resumePoints, width: 4) ?? []).compactMap { row in
            guard let address = row[0].text, let id = row[1].text, case .count(let index) = row[2],
                  case .seconds(let seconds) = row[3] else { return nil }
            return (address, ResumePoint(id: id, index: Int(index), seconds: seconds))
        }
    }

    // MARK: GVariant

    /// One field of a tuple row.
    private enum Field {
        case text(String)
        case count(UInt32)
        case seconds(Double)

        var text: String? { if case .text(let value) = self { value } else { nil } }
    }

    /// The rows of an array-of-tuples key, each `width` fields wide; nil
    /// without the key.
    private func tuples(_ key: SettingsKey, width: Int) -> [[Field]]? {
        guard let gsettings = gsettings(key), let array = g_settings_get_value(gsettings, key.rawValue) else { return nil }
        defer { g_variant_unref(array) }
        return (0..<Int(g_variant_n_children(array))).compactMap { index -> [Field]? in
            guard let tuple = g_variant_get_child_value(array, gsize(index)) else { return nil }
            defer { g_variant_unref(tuple) }
            guard Int(g_variant_n_children(tuple)) == width else { return nil }
            return (0..<width).compactMap { place -> Field? in
                guard let child = g_variant_get_child_value(tuple, gsize(place)) else { return nil }
                defer { g_variant_unref(child) }
                switch String(cString: g_variant_get_type_string(child)) {
                case "s": return .text(String(cString: g_variant_get_string(child, nil)))
                case "u": return .count(g_variant_get_uint32(child))
                case "d": return .seconds(g_variant_get_double(child))
                default: return nil
                }
            }
        }.filter { $0.count == width }
    }

    /// Saves `rows` as an array of tuples of `type` (like `(sss)`).
    private func set(_ key: SettingsKey, rows: [[Field]], type: String) {
        guard let gsettings = gsettings(key) else { return }
        var tuples: [OpaquePointer?] = rows.map { row in
            var children: [OpaquePointer?] = row.map { field in
                switch field {
                case .text(let value): return g_variant_new_string(value)
                case .count(let value): return g_variant_new_uint32(value)
                case .seconds(let value): return g_variant_new_double(value.isFinite ? value : 0)
                }
            }
            return g_variant_new_tuple(&children, gsize(children.count))
        }
        let elementType = g_variant_type_new(type)
        defer { g_variant_type_free(elementType) }
        let array = g_variant_new_array(elementType, &tuples, gsize(tuples.count))
        g_settings_set_value(gsettings, key.rawValue, array)
    }
}
