import Testing
import FeedCore

/// One row of `likes.json`: an item as the feed gives it (`liked`, `likes`),
/// events applied in order, the action each one gives, and the end state.
///
/// Events are written as text: `toggle`, `ok 1 liked 11` (request 1
/// succeeded; the count may be left out), `fail 1`. Actions: `send 1 liked`,
/// `send 2 unliked`, `revert with toast`, `revert quietly`, `nothing`, and
/// `stale` for a result that is dropped. A confirmed state reads `liked 11`
/// or `unliked` (no count).
struct LikeRow: TableRow {
    var name: String
    var liked: Bool
    var likes: Nullable<Int>
    var events: [String]
    var actions: [String]
    var expectedLiked: Bool
    var expectedLikes: Nullable<Int>
    var expectedConfirmed: String
    var expectedInFlight: Nullable<UInt64>

    func parsedEvents() throws -> [LikeIntent.Event] {
        try events.map { text in
            let words = text.split(separator: " ").map(String.init)
            switch (words.first, words.count) {
            case ("toggle", 1):
                return .toggle
            case ("fail", 2):
                return .requestFailed(seq: try #require(UInt64(words[1]), "\(name): \(text)"))
            case ("ok", 3), ("ok", 4):
                let seq = try #require(UInt64(words[1]), "\(name): \(text)")
                try #require(["liked", "unliked"].contains(words[2]), "\(name): \(text)")
                var likes: Int?
                if words.count == 4 {
                    guard let count = Int(words[3]) else { throw TableError(description: "\(name): cannot read the count in \"\(text)\"") }
                    likes = count
                }
                return .requestSucceeded(seq: seq, liked: words[2] == "liked", likes: likes)
            default:
                throw TableError(description: "\(name): cannot read the event \"\(text)\"")
            }
        }
    }
}

extension Optional<LikeIntent.Action> {
    /// The table's spelling of an action (nil: nothing to do).
    var tableText: String {
        switch self {
        case .send(let seq, let liked)?: "send \(seq) \(liked ? "liked" : "unliked")"
        case .revert(let toast)?: toast ? "revert with toast" : "revert quietly"
        case nil: "nothing"
        }
    }
}

extension LikeIntent.Confirmed {
    var tableText: String {
        (liked ? "liked" : "unliked") + (likes.map { " \($0)" } ?? "")
    }
}

@Suite("Optimistic likes")
struct LikeIntentTests {
    @Test("Each sequence of taps and answers gives the actions and end state its row expects",
          arguments: try Table.rows("likes.json", as: LikeRow.self))
    func sequenceGivesExpectedActions(row: LikeRow) throws {
        let events = try row.parsedEvents()
        try #require(events.count == row.actions.count, "\(row.name): one action per event")
        var state = LikeIntent.State(liked: row.liked, likes: row.likes.value)
        var actions: [String] = []
        for event in events {
            guard let decision = LikeIntent.next(state, event) else {
                actions.append("stale")
                continue
            }
            actions.append(decision.action.tableText)
            state = decision.state
        }
        #expect(actions == row.actions, "\(row.name)")
        #expect(state.liked == row.expectedLiked, "\(row.name)")
        #expect(state.likes == row.expectedLikes.value, "\(row.name)")
        #expect(state.confirmed.tableText == row.expectedConfirmed, "\(row.name)")
        #expect(state.inFlight?.seq == row.expectedInFlight.value, "\(row.name)")
    }

    @Test("A stale result leaves the state exactly as it was")
    func staleResultChangesNothing() throws {
        let sent = try #require(LikeIntent.next(.init(liked: false, likes: 3), .toggle))
        #expect(LikeIntent.next(sent.state, .requestSucceeded(seq: 2, liked: true, likes: 4)) == nil)
        #expect(LikeIntent.next(sent.state, .requestFailed(seq: 0)) == nil)
    }

    @Test("At most one request is in flight however fast the user taps")
    func atMostOneRequestInFlight() throws {
        var state = LikeIntent.State(liked: false, likes: 0)
        var sends = 0
        for _ in 0..<25 {
            let decision = try #require(LikeIntent.next(state, .toggle))
            if case .send? = decision.action { sends += 1 }
            state = decision.state
        }
        #expect(sends == 1)
        #expect(state.liked == true)
        #expect(state.inFlight == LikeIntent.Request(seq: 1, liked: true))
    }

    @Test("Every wish settles: success after success empties the queue with the last intent confirmed")
    func everyWishSettles() throws {
        for taps in 1...6 {
            var state = LikeIntent.State(liked: false, likes: 10)
            for _ in 0..<taps { state = try #require(LikeIntent.next(state, .toggle)).state }
            var rounds = 0
            while let sent = state.inFlight, rounds < 5 {
                state = try #require(LikeIntent.next(state, .requestSucceeded(seq: sent.seq, liked: sent.liked, likes: nil))).state
                rounds += 1
            }
            #expect(state.isSettled, "\(taps) taps")
            #expect(state.confirmed.liked == (taps % 2 == 1), "\(taps) taps")
            #expect(state.likes == (taps % 2 == 1 ? 11 : 10), "\(taps) taps")
        }
    }
}
