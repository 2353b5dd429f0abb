// Pure: values only, imports Foundation at most.

/// The sources the sidebar lists, in the user's order: the built-in demo,
/// folders, feeds, playlists and services, each with the name shown and
/// the address that opens it. A plain value the app saves in GSettings
/// (`sources`) and changes only through these operations.
public struct SourceLibrary: Sendable, Equatable, Codable {
    /// What kind of source an entry is: its icon and how it opens.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case demo
        case folder
        /// A feed over http(s) of any format, or a bare server address.
        case feed
        case playlist
        case peertube
        case mastodon
        /// A Bluesky account or custom feed (`bsky:…`).
        case bluesky
        case loops
        case pixelfed
        case lemmy
    }

    public struct Entry: Sendable, Hashable, Codable {
        public var kind: Kind
        /// What the sidebar shows (the user may rename it).
        public var name: String
        /// A folder's or playlist's path, a feed's URL, a service address
        /// (`peertube:HOST`); empty for the demo. Identifies the entry.
        public var address: String

        public init(kind: Kind, name: String, address: String) {
            self.kind = kind
            self.name = name
            self.address = address
        }
    }

    /// The most entries kept; adding one more drops the oldest that is not the demo.
    public static let maxEntries = 100
    /// The longest name kept, in characters.
    public static let maxNameLength = 200

    public private(set) var entries: [Entry]

    /// The demo always comes first in a new library.
    public static let demo = Entry(kind: .demo, name: "Demo", address: "")

    public init(entries: [Entry] = [SourceLibrary.demo]) {
        self.entries = []
        for entry in entries { _ = add(entry) }
    }

    /// The index of the entry with `address`, if listed.
    public func index(of address: String) -> Int? {
        entries.firstIndex { $0.address == address }
    }

    /// Lists `entry` at the end unless its address is listed already;
    /// returns its index either way. A name is trimmed and cut; an empty
    /// name becomes the address.
    @discardableResult
    public mutating func add(_ entry: Entry) -> Int {
        if let existing = index(of: entry.address) { return existing }
        var entry = entry
        entry.name = Self.cleaned(entry.name, fallback: entry.address)
        entries.append(entry)
        while entries.count > Self.maxEntries, let oldest = entries.firstIndex(where: { $0.kind != .demo }) {
            entries.remove(at: oldest)
        }
        return index(of: entry.address) ?? entries.count - 1
    }

    /// Renames the entry at `index`; an empty name keeps the old one.
    public mutating func rename(at index: Int, to name: String) {
        guard entries.indices.contains(index) else { return }
        entries[index].name = Self.cleaned(name, fallback: entries[index].name)
    }

    /// Removes the entry at `index`; returns it.
    @discardableResult
    public mutating func remove(at index: Int) -> Entry? {
        guard entries.indices.contains(index) else { return nil }
        return entries.remove(at: index)
    }

    /// Moves the entry at `index` by `offset` places (clamped to the list);
    /// returns where it now is.
    @discardableResult
    public mutating func move(at index: Int, by offset: Int) -> Int {
        guard entries.indices.contains(index) else { return index }
        let target = min(max(index + offset, 0), entries.count - 1)
        let entry = entries.remove(at: index)
        entries.insert(entry, at: target)
        return target
    }

    private static func cleaned(_ name: String, fallback: String) -> String {
        let trimmed = String(name.unicodeScalars.filter { !$0.properties.isNoncharacterCodePoint && $0.value >= 0x20 && $0.value != 0x7F })
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let chosen = trimmed.isEmpty ? (fallback.isEmpty ? "Untitled" : fallback) : trimmed
        return chosen.count > maxNameLength ? String(chosen.prefix(maxNameLength)) : chosen
    }
}
