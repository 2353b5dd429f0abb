// Pure: values only, imports Foundation at most.

import Foundation

/// `taste.json`, what For You learned (``Taste``), as bytes: a version and
/// one entry per key. Bytes read back from disk are hostile: a file that
/// is over ``maxBytes``, not JSON, of another version, or that holds a
/// value or a time that is not a finite number, a time before 1970 or a
/// key Flick does not know is refused whole (the caller sets it aside and
/// learning starts again), never half read.
public enum TasteFile {
    /// The format's version.
    public static let currentVersion = 1
    /// The largest file read, in bytes.
    public static let maxBytes = 1_048_576

    /// Why a file was refused.
    public enum Refusal: Error, Equatable, Sendable {
        case tooLarge
        case notTheFormat
        case otherVersion(Int)
        case badEntry(String)
    }

    private struct Entry: Codable {
        var key: String
        var value: Double
        var at: Double
    }

    private struct Contents: Codable {
        var version: Int
        var entries: [Entry]
    }

    /// The file's bytes for `taste`: keys sorted, so equal tastes write
    /// equal bytes. Over ``maxBytes`` only if ``Taste/maxEntries`` keys of
    /// the longest names were kept; the weakest then go until it fits.
    public static func encoded(_ taste: Taste) -> [UInt8] {
        var entries = taste.entries.map { Entry(key: $0.key.text, value: $0.value.value, at: $0.value.at) }
            .sorted { $0.key < $1.key }
        while true {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let bytes = (try? encoder.encode(Contents(version: currentVersion, entries: entries))).map(Array.init) ?? []
            guard bytes.count > maxBytes, !entries.isEmpty else { return bytes }
            // Drop the weakest tenth and try again.
            let weakest = entries.sorted { abs($0.value) < abs($1.value) }.prefix(max(1, entries.count / 10)).map(\.key)
            let dropped = Set(weakest)
            entries.removeAll { dropped.contains($0.key) }
        }
    }

    /// The taste in `bytes`, or why they are refused.
    public static func decoded(_ bytes: [UInt8]) -> Result<Taste, Refusal> {
        guard bytes.count <= maxBytes else { return .failure(.tooLarge) }
        // The version first, so a future file with another shape says so.
        struct Versioned: Codable { var version: Int }
        guard let versioned = try? JSONDecoder().decode(Versioned.self, from: Data(bytes)) else { return .failure(.notTheFormat) }
        guard versioned.version == currentVersion else { return .failure(.otherVersion(versioned.version)) }
        guard let contents = try? JSONDecoder().decode(Contents.self, from: Data(bytes)) else { return .failure(.notTheFormat) }
        var entries: [TasteKey: Taste.Affinity] = [:]
        for entry in contents.entries {
            guard let key = TasteKey(text: entry.key) else { return .failure(.badEntry(String(entry.key.prefix(80)))) }
            guard entry.value.isFinite, entry.at.isFinite, entry.at >= 0 else { return .failure(.badEntry(entry.key)) }
            entries[key] = Taste.Affinity(value: entry.value, at: entry.at)
        }
        return .success(Taste(entries: entries))
    }
}
