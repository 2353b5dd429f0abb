import FeedCore
import FeedGObject
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// The session's decisions on players the test plays by hand: landings,
/// remounts, stale callbacks, failures and retries, buffering, details
/// and the pool's bound. No pipeline runs and no display is needed; the
/// players answer only what each test sends.
@Suite("The session on scripted players", .serialized)
@MainActor
struct ScriptedSessionTests {
    static let box = PixelSize(width: 72, height: 128)

    @MainActor
    struct Rig {
        let session: FeedSession
        let players: ScriptedPlayers
        let probe: SessionProbe

        func push(_ index: Int, painted: Bool = false, from view: SessionProbe? = nil) {
            session.push(FeedSession.Input(currentIndex: index, pixelBox: ScriptedSessionTests.box,
                                           currentFramePainted: painted), from: view ?? probe)
        }

        func player(_ index: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> ScriptedPlayer {
            try #require(players.player(for: index), "no player serves post \(index)", sourceLocation: sourceLocation)
        }

        /// The errors shown so far, by index.
        var errors: [(index: Int, code: ErrorCode, retryable: Bool)] {
            probe.updates.compactMap {
                if case .error(let index, let code, _, let retryable) = $0 { return (index, code, retryable) }
                return nil
            }
        }
    }

    func rig(count: Int = 5, source: FeedSource? = nil) -> Rig {
        let items = (0..<count).map { FeedItem(id: "v\($0)", kind: .video, uri: "file:///scripted/v\($0).mp4") }
        let players = ScriptedPlayers()
        let session = FeedSession(source: source ?? ArrayFeedSource(items), media: MediaEngine(), engine: .flick,
                                  players: players)
        let probe = SessionProbe()
        session.start()
        session.attach(probe)
        return Rig(session: session, players: players, probe: probe)
    }

    @Test("a landing plays the current post without sound and prepares the next; landing on it plays the same player")
    func landing() throws {
        let rig = rig()
        defer { rig.session.shutdown() }
        rig.push(0)
        let current = try rig.player(0), next = try rig.player(1)
        #expect(current.state == .starting && current.isMuted, "plays on its first frame, muted by default")
        #expect(next.state == .preparing && next.loads == ["file:///scripted/v1.mp4"])
        #expect(rig.players.player(for: 2) == nil, "nothing two posts ahead")
        #expect(rig.probe.saw(.playing(true)))

        current.send(.prerolled)
        current.sendFrame()
        next.send(.prerolled)
        next.sendFrame()
        #expect(current.state == .playing && next.state == .ready)
        #expect(rig.probe.frames(at: 0).count == 1 && rig.probe.frames(at: 1).count == 1)
        // The first frame painted: time to first frame is known.
        rig.session.send(.framePainted(at: 0))
        #expect(rig.session.diagnostics(at: 0).counters.ttffSamples.count == 1)

        rig.push(1)
        #expect(try rig.player(1) === next && next.loads.count == 1, "the prepared player plays, not reloaded")
        #expect(next.state == .playing, "\(next.state)")
        #expect(!current.isPlaying && current.isMuted, "the post left is paused (or its player reused) and silent")

        rig.session.setMuted(false)
        #expect(!next.isMuted && current.isMuted, "sound goes to the current post only")
    }

    @Test("a frame or event of an older binding, or of a player that moved to another post, is dropped")
    func staleCallbacks() throws {
        let rig = rig(count: 30)
        defer { rig.session.shutdown() }
        rig.push(0)
        let player = try rig.player(0)
        let old = player.generation
        rig.session.retry() // nothing to retry: no reload
        player.sendFrame(generation: old - 1)
        player.send(.failed(.timeout, message: "old", httpStatus: nil), generation: old - 1)
        #expect(rig.probe.frames(at: 0).isEmpty && rig.errors.isEmpty, "an older binding's frame and failure")

        // Far away: every player now serves another post.
        rig.push(20)
        #expect(rig.players.player(for: 0) == nil)
        let frames = rig.probe.updates.count
        player.sendFrame(generation: old)
        player.send(.failed(.timeout, message: "moved", httpStatus: nil), generation: old)
        #expect(rig.probe.updates.count == frames, "nothing reaches post 0 or the player's new post")
        #expect(rig.probe.saw(.videoReleased(index: 0)), "post 0's page hears its video went")
    }

    @Test("a timeout of the current post is retried after 0.5, 1 and 2 s, then shown with Retry, which loads at once")
    func failureAndRetries() async throws {
        let rig = rig(count: 3)
        defer { rig.session.shutdown() }
        rig.push(0)
        let player = try rig.player(0)
        for attempt in 1...3 {
            player.send(.failed(.timeout, message: "no answer", httpStatus: nil))
            #expect(rig.errors.isEmpty, "retried quietly (attempt \(attempt))")
            #expect(await pumpUntil(5) { player.loads.count == attempt + 1 }, "retry \(attempt) loads again")
        }
        player.send(.failed(.timeout, message: "no answer", httpStatus: nil))
        #expect(rig.errors.map(\.index) == [0] && rig.errors.first?.code == .timeout && rig.errors.first?.retryable == true)
        #expect(rig.session.diagnostics(at: 0).errorCode == .timeout)
        #expect(rig.session.diagnostics(at: 0).counters.errorsShown == 1)

        rig.probe.clear()
        rig.session.retry()
        #expect(rig.probe.updates.first == .errorCleared(index: 0), "the card goes at once")
        #expect(player.loads.count == 5 && rig.session.diagnostics(at: 0).errorCode == nil)
    }

    @Test("a missing file is shown at once, without Retry; another post's failure stays quiet until it is landed on")
    func missingAndSpeculativeFailures() throws {
        let rig = rig()
        defer { rig.session.shutdown() }
        rig.push(0)
        let current = try rig.player(0), next = try rig.player(1)
        current.send(.failed(.sourceNotFound, message: "gone", httpStatus: nil))
        #expect(rig.errors.count == 1 && rig.errors.first?.code == .sourceNotFound && rig.errors.first?.retryable == false)
        #expect(current.loads.count == 1, "not retried")

        next.send(.failed(.decodeFailed, message: "bad", httpStatus: nil))
        #expect(rig.errors.count == 1, "the prepared post's failure is not shown")
        rig.push(1)
        #expect(next.loads.count == 2, "landing gives it a fresh try")
        #expect(rig.probe.saw(.errorCleared(index: 1)))
        #expect(rig.session.diagnostics(at: 1).errorCode == nil, "post 0's error is not post 1's")
    }

    @Test("buffering of the current post counts a rebuffer; a prepared post's does not")
    func rebuffers() throws {
        let rig = rig()
        defer { rig.session.shutdown() }
        rig.push(0)
        let current = try rig.player(0), next = try rig.player(1)
        current.sendFrame()
        rig.push(0, painted: true)
        rig.session.send(.framePainted(at: 0))
        current.send(.bufferingStarted)
        current.send(.bufferingEnded)
        #expect(rig.session.diagnostics(at: 0).counters.rebuffers == 1)
        next.send(.bufferingStarted)
        next.send(.bufferingEnded)
        #expect(rig.session.diagnostics(at: 0).counters.rebuffers == 1)
    }

    @Test("a new view gets the held frames at once from the same players; a failed post gets a fresh try")
    func remount() throws {
        let rig = rig()
        defer { rig.session.shutdown() }
        rig.push(0)
        let current = try rig.player(0), next = try rig.player(1)
        current.sendFrame()
        next.sendFrame()
        current.send(.failed(.sourceNotFound, message: "gone", httpStatus: nil))

        let view = SessionProbe()
        rig.session.attach(view)
        rig.push(0, from: view)
        #expect(view.frames(at: 0).count == 1 && view.frames(at: 1).count == 1, "the prepared frames, at once")
        #expect(next.loads.count == 1 && rig.players.players.count == 2, "no other load, no new player")
        // A new view lands afresh: the failed post is opened again, and its
        // failure reaches the new view.
        #expect(current.loads.count == 2 && view.saw(.errorCleared(index: 0)))
        current.send(.failed(.sourceNotFound, message: "still gone", httpStatus: nil))
        #expect(view.updates.contains { if case .error(0, .sourceNotFound, _, false) = $0 { true } else { false } })
        #expect(rig.errors.count == 1, "the old view hears nothing more")
        // The old view is not heard any more.
        let loads = rig.players.players.map(\.loads.count)
        rig.push(3, from: rig.probe)
        #expect(rig.players.players.map(\.loads.count) == loads && rig.session.current == 0)
    }

    @Test("a post listed without its media is loaded once its details come, with the detailed address")
    func details() async throws {
        let detailed = (0..<3).map { FeedItem(id: "d\($0)", kind: .video, uri: "file:///scripted/d\($0).mp4") }
        let rig = rig(source: DetailsTestSource(detailed: detailed))
        defer { rig.session.shutdown() }
        #expect(await pumpUntil { rig.session.count == 3 })
        rig.push(0)
        #expect(rig.players.player(for: 0) == nil, "nothing to open before the details")
        #expect(await pumpUntil { rig.players.player(for: 0)?.uri == "file:///scripted/d0.mp4" })
        #expect(await pumpUntil { rig.players.player(for: 1)?.uri == "file:///scripted/d1.mp4" }, "and the next one's")
    }

    @Test("paging through 20 posts never holds more than three players; each post left behind hears its video went")
    func boundedPlayers() throws {
        let rig = rig(count: 20)
        defer { rig.session.shutdown() }
        var most = 0
        for index in 0..<20 {
            rig.push(index)
            most = max(most, rig.players.players.count)
            #expect(rig.players.player(for: index)?.isPlaying == true)
            #expect(rig.session.diagnostics(at: index).players.playing == 1)
        }
        #expect(most <= 3)
        #expect((0..<18).allSatisfy { rig.probe.saw(.videoReleased(index: $0)) })
    }

    @Test("a source that reads long shows what it found so far; at the top the newest shows, further down the post stays")
    func partialFirstPage() throws {
        let source = PartialTestSource()
        let players = ScriptedPlayers()
        let session = FeedSession(source: source, media: MediaEngine(), engine: .flick, players: players)
        defer { session.shutdown() }
        let probe = SessionProbe()
        var finished: [FeedSourceFailure?] = []
        session.attach(probe)
        session.start { finished.append($0) }
        #expect(session.items.isEmpty && !session.started)

        source.send(partial: ["b", "c"])
        #expect(session.items.map(\.id) == ["b", "c"] && probe.saw(.itemsChanged))
        let rig = Rig(session: session, players: players, probe: probe)
        rig.push(0)
        let first = try rig.player(0)
        #expect(first.uri == "file:///scripted/b.mp4" && finished.isEmpty)

        // Older posts found below: b is still the newest and plays on, paused
        // if the user paused it; no new landing.
        rig.session.pause()
        let landings = rig.session.diagnostics(at: 0).counters.ttffSamples.count
        source.send(partial: ["b", "c", "c2"])
        #expect(probe.saw(.itemsReplaced(FeedSession.ItemsReplacement(newIndexOf: [0: 0, 1: 1], currentIndex: 0,
                                                                      keptCurrent: true))))
        rig.push(0)
        #expect(session.current == 0 && first.loads.count == 1 && !first.isPlaying, "still paused, not reloaded")
        #expect(rig.session.diagnostics(at: 0).counters.ttffSamples.count == landings)
        rig.session.play()

        // A newer post found while the user is at the top: it shows there.
        source.send(partial: ["a", "b", "c"])
        #expect(probe.saw(.itemsReplaced(FeedSession.ItemsReplacement(newIndexOf: [0: 1, 1: 2], currentIndex: 0,
                                                                      keptCurrent: false))))
        #expect(rig.players.player(for: 1) === first, "b's player followed b")
        rig.push(0)
        #expect(try rig.player(0).uri == "file:///scripted/a.mp4" && session.current == 0)
        #expect(!first.isPlaying)

        // Further down, what the user watches stays, where it now is.
        rig.push(1)
        source.finish(["new", "a", "b", "c", "d"])
        #expect(probe.saw(.itemsReplaced(FeedSession.ItemsReplacement(newIndexOf: [0: 1, 1: 2, 2: 3], currentIndex: 2,
                                                                      keptCurrent: true))))
        #expect(session.items.map(\.id) == ["new", "a", "b", "c", "d"] && session.current == 2)
        #expect(rig.players.player(for: 2) === first && first.loads.count == 1 && first.isPlaying)
        #expect(finished.count == 1 && finished.first! == nil)

        // What a load began before drops its parts once a newer one runs.
        let stale = source.partial
        session.reload { _ in }
        stale?(FeedSourcePage(items: []))
        #expect(session.items.count == 5)
    }
}

/// A first page read in parts the test sends by hand.
@MainActor
final class PartialTestSource: FeedSource {
    private(set) var partial: (@MainActor (FeedSourcePage) -> Void)?
    private var completion: (@MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void)?
    var cacheScope: String? { nil }

    func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        loadFirst(partial: { _ in }, completion)
    }

    func loadFirst(partial: @escaping @MainActor (FeedSourcePage) -> Void,
                   _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        self.partial = partial
        self.completion = completion
    }

    func loadNext(after cursor: FeedCursor,
                  _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        completion(.success(FeedSourcePage(items: [])))
    }

    private func page(_ ids: [String]) -> FeedSourcePage {
        FeedSourcePage(items: ids.map { FeedItem(id: $0, kind: .video, uri: "file:///scripted/\($0).mp4") })
    }

    func send(partial ids: [String]) { partial?(page(ids)) }
    func finish(_ ids: [String]) { completion?(.success(page(ids))) }
}
