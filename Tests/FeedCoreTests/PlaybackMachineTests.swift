import Foundation
import Testing
import FeedCore

/// What a table expects of the machine: a state, or `"illegal"`.
enum Outcome: Codable, Sendable, Equatable {
    case state(PlaybackState)
    case illegal

    init(_ state: PlaybackState?) {
        self = state.map(Outcome.state) ?? .illegal
    }

    init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        if text == "illegal" {
            self = .illegal
        } else if let state = PlaybackState(rawValue: text) {
            self = .state(state)
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "\"\(text)\" is neither a playback state nor \"illegal\""))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .state(let state): try container.encode(state)
        case .illegal: try container.encode("illegal")
        }
    }
}

/// One row of `playback-transitions.json`: one state × event pair.
struct TransitionRow: TableRow {
    var name: String
    var state: PlaybackState
    var event: PlaybackEvent
    var expected: Outcome
}

/// One row of `playback-paths.json`: events applied from idle in order.
struct PathRow: TableRow {
    var name: String
    var events: [PlaybackEvent]
    var expected: Outcome
}

@Suite("Playback state machine")
struct PlaybackMachineTests {
    static let transitions = Result { try Table.rows("playback-transitions.json", as: TransitionRow.self) }

    @Test("Each state and event pair moves where its row says, or is illegal", arguments: try transitions.get())
    func pairMovesWhereRowSays(row: TransitionRow) {
        #expect(Outcome(PlaybackMachine.next(row.state, row.event)) == row.expected, "\(row.name)")
    }

    @Test("The transition table lists every one of the 132 state and event pairs exactly once")
    func tableListsEveryPair() throws {
        let rows = try Self.transitions.get()
        let pairs = rows.map { "\($0.state.rawValue)+\($0.event.rawValue)" }
        #expect(rows.count == PlaybackState.allCases.count * PlaybackEvent.allCases.count)
        #expect(rows.count == 132)
        #expect(Set(pairs).count == pairs.count)
    }

    @Test("Sequences of events end where their rows say", arguments: try Table.rows("playback-paths.json", as: PathRow.self))
    func sequencesEndWhereRowsSay(row: PathRow) {
        #expect(Outcome(PlaybackMachine.run(row.events)) == row.expected, "\(row.name)")
    }

    @Test("Only released leaves releasing", arguments: PlaybackEvent.allCases)
    func onlyReleasedLeavesReleasing(event: PlaybackEvent) {
        #expect(PlaybackMachine.next(.releasing, event) == (event == .released ? .idle : nil))
    }

    @Test("An outcome that is neither a state nor illegal is a malformed row")
    func unknownOutcomeIsMalformed() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([Outcome].self, from: Data(#"["plying"]"#.utf8))
        }
    }
}
