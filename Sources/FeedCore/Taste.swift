// Pure: values only, imports Foundation at most.

import Foundation

/// What For You has learned on this computer: an affinity per source,
/// author and tag (``TasteKey``), moved by what the user does with posts
/// (``TasteSignal``) and fading with a half-life of ``halfLifeSeconds``,
/// so last month's habits weigh little against this week's. Bounded: at
/// most ``maxEntries`` keys (the weakest go first) and ``maxValue`` either
/// way. Never leaves the computer.
public struct Taste: Sendable, Equatable {
    /// One key's affinity when it was last moved.
    public struct Affinity: Sendable, Equatable, Codable {
        public var value: Double
        /// Seconds since 1970.
        public var at: Double

        public init(value: Double, at: Double) {
            self.value = value
            self.at = at
        }
    }

    /// Three days: an affinity left alone halves in that time.
    public static let halfLifeSeconds = 3 * 24 * 3600.0
    /// Keys kept at most.
    public static let maxEntries = 10_000
    /// An affinity never goes beyond this, either way.
    public static let maxValue = 20.0

    public private(set) var entries: [TasteKey: Affinity] = [:]

    public init(entries: [TasteKey: Affinity] = [:]) {
        self.entries = entries.filter { $0.value.value.isFinite && $0.value.at.isFinite }
            .mapValues { Affinity(value: min(max($0.value, -Self.maxValue), Self.maxValue), at: $0.at) }
        prune()
    }

    /// The affinity for `key` at `now` (seconds since 1970), faded; 0 for
    /// a key never moved. Time running backwards fades nothing.
    public func affinity(_ key: TasteKey, now: Double) -> Double {
        guard let affinity = entries[key] else { return 0 }
        let age = max(0, now - affinity.at)
        return affinity.value * Self.fade(age)
    }

    /// Learns `signal` about a post of `keys` at `now`: each key's faded
    /// affinity moves by the signal's weight times the key's share. "Show
    /// fewer like this" first takes back whatever was learned in favour
    /// (what the user says outweighs what was guessed from watching).
    public mutating func learn(_ signal: TasteSignal, about keys: [TasteKey], now: Double) {
        guard now.isFinite else { return }
        for key in Set(keys) {
            let before = affinity(key, now: now)
            let value = (signal == .showFewer ? min(before, 0) : before) + signal.weight * key.share
            entries[key] = Affinity(value: min(max(value, -Self.maxValue), Self.maxValue), at: now)
        }
        prune(now: now)
    }

    /// Forgets everything learned.
    public mutating func forget() {
        entries = [:]
    }

    /// The share of an affinity left after `seconds`.
    static func fade(_ seconds: Double) -> Double {
        Foundation.pow(0.5, seconds / halfLifeSeconds)
    }

    /// Over ``maxEntries``: the weakest tenth goes (faded at `now`, or as
    /// stored), so pruning is rare and the strongest stay.
    private mutating func prune(now: Double? = nil) {
        guard entries.count > Self.maxEntries else { return }
        struct Ranked {
            var key: TasteKey
            var affinity: Affinity
            var strength: Double
        }
        var ranked: [Ranked] = []
        for (key, affinity) in entries {
            let faded = now.map { Self.fade(max(0, $0 - affinity.at)) } ?? 1
            ranked.append(Ranked(key: key, affinity: affinity, strength: abs(affinity.value * faded)))
        }
        ranked.sort { $0.strength > $1.strength || ($0.strength == $1.strength && $0.key < $1.key) }
        let keep = Self.maxEntries - Self.maxEntries / 10
        entries = Dictionary(uniqueKeysWithValues: ranked.prefix(keep).map { ($0.key, $0.affinity) })
    }
}
