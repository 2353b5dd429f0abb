import FeedCore
import Foundation
import Testing

struct TasteSignalRow: TableRow {
    var name: String
    var signal: TasteSignal
    var weight: Double
}

struct TasteLearningRow: TableRow {
    struct Step: Codable, Sendable {
        var signal: TasteSignal
        var keys: [String]
        var at: Double
    }

    var name: String
    var steps: [Step]
    var now: Double
    /// Key text → the affinity expected at `now`.
    var expect: [String: Double]
}

struct MixPlanRow: TableRow {
    var name: String
    var candidates: [MixPlan.Candidate]
    /// Key text → affinity, as learned at `now`.
    var taste: [String: Double]
    var recent: [MixPlan.Shown]
    var seen: [String]?
    /// A number, or "nan".
    var roll: Roll
    /// Which source an exploring pick draws (0 when left out).
    var explore: Double?
    /// nil: nothing to pick.
    var index: Int?
    var reason: String?
    /// The second reason "Why am I seeing this?" gives; checked when given ("none": only one).
    var also: String?

    enum Roll: Codable, Sendable {
        case value(Double)
        case notANumber

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            self = (try? container.decode(Double.self)).map(Roll.value) ?? .notANumber
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .value(let value): try container.encode(value)
            case .notANumber: try container.encode("nan")
            }
        }

        var number: Double {
            switch self {
            case .value(let value): return value
            case .notANumber: return .nan
            }
        }
    }
}

@Suite("For You learns from what is watched, fades, and mixes the sources by it")
struct ForYouTests {
    static let now = 1_000_000.0

    @Test("each signal's weight", arguments: try Table.rows("taste-signals.json", as: TasteSignalRow.self))
    func weight(row: TasteSignalRow) {
        #expect(abs(row.signal.weight - row.weight) < 1e-9, "\(row.name): \(row.signal.weight)")
    }

    @Test("learning and fading", arguments: try Table.rows("taste-learning.json", as: TasteLearningRow.self))
    func learning(row: TasteLearningRow) throws {
        var taste = Taste()
        for step in row.steps {
            taste.learn(step.signal, about: try step.keys.map { try #require(TasteKey(text: $0), "\($0)") }, now: step.at)
        }
        for (text, expected) in row.expect {
            let key = try #require(TasteKey(text: text))
            #expect(abs(taste.affinity(key, now: row.now) - expected) < 1e-9, "\(row.name): \(text) is \(taste.affinity(key, now: row.now))")
        }
    }

    @Test("the mix's next post and why", arguments: try Table.rows("mix-plan.json", as: MixPlanRow.self))
    func mix(row: MixPlanRow) throws {
        var entries: [TasteKey: Taste.Affinity] = [:]
        for (text, value) in row.taste { entries[try #require(TasteKey(text: text))] = .init(value: value, at: Self.now) }
        let choice = MixPlan.choose(.init(candidates: row.candidates, taste: Taste(entries: entries), recent: row.recent,
                                          seen: Set(row.seen ?? []), now: Self.now, roll: row.roll.number,
                                          explore: row.explore ?? 0))
        #expect(choice?.index == row.index, "\(row.name)")
        #expect(choice?.reason.code == row.reason, "\(row.name)")
        if let also = row.also {
            #expect((choice?.also?.code ?? "none") == also, "\(row.name): \(String(describing: choice?.also))")
        }
    }

    @Test("over 10,000 keys the weakest tenth goes and the strongest stay")
    func bounded() throws {
        var taste = Taste()
        for number in 0...Taste.maxEntries {
            taste.learn(number == 0 ? .save : .watched(share: 0.5), about: [.author("@\(number)")], now: 0)
        }
        #expect(taste.entries.count == Taste.maxEntries - Taste.maxEntries / 10)
        #expect(taste.affinity(.author("@0"), now: 0) == 2, "the strongest stays")
        taste.forget()
        #expect(taste.entries.isEmpty)
    }

    @Test("keys: their text round-trips; an empty name, another kind or an endless name is none")
    func keys() {
        for key in [TasteKey.source("https://example.org/feed.json"), .author("@ana@example.org"), .tag("cats")] {
            #expect(TasteKey(text: key.text) == key)
        }
        #expect(TasteKey(text: "tag:Cats") == .tag("cats"))
        for text in ["tag:", "colour:red", "cats", "source:" + String(repeating: "x", count: 600)] {
            #expect(TasteKey(text: text) == nil, "\(text)")
        }
    }

    @Test("a mix of three sources over many picks: never a repeat, never three in a row, exploration about one in five")
    func longRun() {
        var generator = MixRandom(seed: 7)
        var candidates = (0..<40).flatMap { number in
            ["a", "b", "c"].map { MixPlan.Candidate(id: "\($0)\(number)", source: $0, author: "@\($0)") }
        }
        var taste = Taste()
        taste.learn(.save, about: [.source("a")], now: Self.now)
        var recent: [MixPlan.Shown] = []
        var seen = Set<String>()
        var exploring = 0
        for _ in 0..<60 {
            guard let choice = MixPlan.choose(.init(candidates: candidates, taste: taste, recent: recent, seen: seen,
                                                    now: Self.now, roll: generator.nextUnit(),
                                                    explore: generator.nextUnit())) else { break }
            let picked = candidates.remove(at: choice.index)
            #expect(!seen.contains(picked.id))
            seen.insert(picked.id)
            if choice.reason == .exploring { exploring += 1 }
            recent.append(.init(source: picked.source, author: picked.author))
        }
        #expect(seen.count == 60)
        for start in 0..<(recent.count - 2) {
            let three = recent[start..<(start + 3)]
            #expect(Set(three.map(\.source)).count > 1, "three in a row at \(start)")
        }
        #expect((6...18).contains(exploring), "exploring \(exploring) of 60")
        #expect(recent.filter { $0.source == "a" }.count > recent.filter { $0.source == "b" }.count, "the saved source comes more")
    }
}
