import CGLib
import FeedCore
@testable import FeedDemo
import FeedGObject
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// Records every update a session sends its view, and pushes the view's input.
@MainActor
final class SessionProbe: FeedSessionObserver {
    private(set) var updates: [FeedSession.Update] = []

    func feedSession(_ session: FeedSession, didUpdate update: FeedSession.Update) {
        updates.append(update)
    }

    /// The frames handed over for `index`, in order.
    func frames(at index: Int) -> [VideoFrame] {
        updates.compactMap { if case .frame(index, let frame, _) = $0 { return frame } else { return nil } }
    }

    func saw(_ update: FeedSession.Update) -> Bool { updates.contains(update) }

    func clear() { updates.removeAll() }
}

/// A paginated feed whose pages answer on the next turn of the main loop,
/// as a server's would; the pages listed in `failing` fail once each.
@MainActor
final class PagedTestSource: FeedSource {
    let pageSize: Int
    let pages: Int
    var failing: Set<Int>
    private(set) var requests: [Int] = []
    var cacheScope: String? { nil }

    init(pageSize: Int, pages: Int, failing: Set<Int> = []) {
        self.pageSize = pageSize
        self.pages = pages
        self.failing = failing
    }

    func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        answer(page: 0, completion)
    }

    func loadNext(after cursor: FeedCursor,
                  _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        answer(page: Int(cursor.token) ?? -1, completion)
    }

    private func answer(page: Int, _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        requests.append(page)
        MainLoopSource.idle { [weak self] in
            guard let self else { return false }
            if self.failing.remove(page) != nil {
                completion(.failure(FeedSourceFailure(message: "HTTP 503: Service Unavailable", code: .httpError)))
                return false
            }
            let items = (0..<self.pageSize).map { offset in
                let number = page * self.pageSize + offset
                return FeedItem(id: "p\(number)", kind: .image, uri: "file:///nowhere/p\(number).png")
            }
            completion(.success(FeedSourcePage(items: items, next: page + 1 < self.pages ? FeedCursor("\(page + 1)") : nil)))
            return false
        }
    }
}

/// A feed of three posts whose next pages never bring anything: each
/// answer is empty, with a next page, after `followedPerAnswer` empty pages
/// the source read past itself (as the page loader does).
@MainActor
final class EmptyPagesSource: FeedSource {
    let followedPerAnswer: Int
    private(set) var requests = 0
    var cacheScope: String? { nil }

    init(followedPerAnswer: Int) { self.followedPerAnswer = followedPerAnswer }

    func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        requests += 1
        let items = (0..<3).map { FeedItem(id: "e\($0)", kind: .image, uri: "file:///nowhere/e\($0).png") }
        MainLoopSource.idle { completion(.success(FeedSourcePage(items: items, next: FeedCursor("1")))); return false }
    }

    func loadNext(after cursor: FeedCursor,
                  _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        requests += 1
        let page = FeedSourcePage(items: [], next: FeedCursor("\(requests)"), emptyPagesFollowed: followedPerAnswer)
        MainLoopSource.idle { completion(.success(page)); return false }
    }
}

extension PlaybackTests {
    static let sessionBox = PixelSize(width: 72, height: 128)

    /// A session over the test clips (local files), started and shown by `probe`.
    func clipSession(_ probe: SessionProbe, count: Int = 5, extra: [FeedItem] = []) -> FeedSession {
        let items = extra + (0..<count).map { index in
            FeedItem(id: "clip-\(index)", kind: .video, uri: clips.videos[index % clips.videos.count].absoluteString)
        }
        let session = FeedSession(source: ArrayFeedSource(items), media: MediaEngine())
        session.start()
        session.attach(probe)
        return session
    }

    func input(_ index: Int, painted: Bool = false) -> FeedSession.Input {
        FeedSession.Input(currentIndex: index, pixelBox: Self.sessionBox, currentFramePainted: painted)
    }

    @Test("a landing plays the current post with sound off and prepares the next; frames come for their index")
    func sessionLanding() async throws {
        let baseline = VideoPlayer.pipelinesAlive
        let probe = SessionProbe()
        let session = clipSession(probe)
        session.push(input(0), from: probe)
        #expect(await pumpUntil { !probe.frames(at: 0).isEmpty && !probe.frames(at: 1).isEmpty },
                "frames for the current and the prepared post")
        #expect(await pumpUntil { probe.saw(.playing(true)) })
        let counts = session.diagnostics(at: 0).players
        #expect(counts.alive <= 3 && counts.playing == 1 && counts.unmuted == 0, "\(counts)")
        #expect(probe.frames(at: 2).isEmpty, "nothing plays two posts ahead")
        // The view paints the first frame: time to first frame is known.
        session.send(.framePainted(at: 0))
        #expect(session.diagnostics(at: 0).ttffMilliseconds != nil)
        #expect(session.diagnostics(at: 0).counters.ttffSamples.count == 1)
        session.shutdown()
        #expect(await pumpUntil { VideoPlayer.pipelinesAlive <= baseline }, "every playbin is finalized")
    }

    @Test("a new view attached to the session gets the prepared frames at once, from the same players")
    func sessionRemount() async throws {
        let baseline = VideoPlayer.pipelinesAlive
        let first = SessionProbe()
        let session = clipSession(first)
        session.push(input(0), from: first)
        #expect(await pumpUntil { !first.frames(at: 0).isEmpty && !first.frames(at: 1).isEmpty })
        let pipelines = VideoPlayer.pipelinesAlive

        // The view is torn down and a new one attached: nothing is made again.
        session.detach(first)
        let second = SessionProbe()
        session.attach(second)
        session.push(input(0), from: second)
        let lastFrames = (first.frames(at: 0).last, first.frames(at: 1).last)
        let replayed = (second.frames(at: 0).first, second.frames(at: 1).first)
        #expect(replayed.0 != nil && replayed.1 != nil, "frames handed over within the push")
        #expect(VideoPlayer.pipelinesAlive == pipelines, "the players survived the remount")
        // The replayed frame is the newest one, or a newer one arrived before the push.
        if let replayed = replayed.1, let last = lastFrames.1 { #expect(replayed.generation == last.generation) }
        // A push from the old view does nothing now.
        let before = second.updates.count
        session.push(input(3), from: first)
        #expect(second.updates.count == before && session.current == 0)
        // The landing counts once the new view's page paints (a view that
        // detached, or heard it was replaced, sends nothing more).
        #expect(session.diagnostics(at: 0).counters.ttffSamples.isEmpty)
        session.send(.framePainted(at: 0))
        #expect(session.diagnostics(at: 0).counters.ttffSamples.count == 1)
        // A third view attached over the second: the second hears it was replaced.
        let third = SessionProbe()
        session.attach(third)
        #expect(second.updates.contains(.viewReplaced) && !first.updates.contains(.viewReplaced))
        #expect(!third.updates.contains(.viewReplaced))
        session.shutdown()
        #expect(await pumpUntil { VideoPlayer.pipelinesAlive <= baseline })
    }

    @Test("sound, pause, play, seek and frame steps go through the session")
    func sessionControls() async throws {
        let probe = SessionProbe()
        let session = clipSession(probe)
        defer { session.shutdown() }
        session.push(input(0), from: probe)
        #expect(await pumpUntil { probe.saw(.playing(true)) && session.position(at: 0) != nil })

        session.setMuted(false)
        #expect(probe.saw(.muted(false)) && session.diagnostics(at: 0).players.unmuted == 1)
        session.setMuted(true)
        #expect(probe.saw(.muted(true)) && session.diagnostics(at: 0).players.unmuted == 0)

        session.pause()
        #expect(await pumpUntil { probe.saw(.playing(false)) })
        #expect(!session.isPlaying(at: 0))
        session.seek(to: 2)
        #expect(await pumpUntil { abs((session.position(at: 0) ?? 0) - 2) < 0.05 }, "\(session.position(at: 0) ?? -1)")
        let frame = try #require(session.step(frames: 1, from: 2))
        #expect(frame > 2 && frame < 2.1, "one frame on from 2 s: \(frame)")
        #expect(await pumpUntil { abs((session.position(at: 0) ?? 0) - frame) < 0.01 })

        probe.clear()
        session.play()
        #expect(await pumpUntil { probe.saw(.playing(true)) })
    }

    @Test("a missing file shows its error on its page; Retry clears it and tries again")
    func sessionErrorAndRetry() async throws {
        let probe = SessionProbe()
        let missing = FeedItem(id: "missing", kind: .video, uri: "file:///nowhere/missing-\(getpid()).mp4")
        let session = clipSession(probe, count: 2, extra: [missing])
        defer { session.shutdown() }
        session.push(input(0), from: probe)
        let shown = FeedSession.Update.error(index: 0, code: .sourceNotFound, httpStatus: nil,
                                              retryable: RetryPolicy.isRetryable(.sourceNotFound, httpStatus: nil))
        #expect(await pumpUntil { probe.saw(shown) }, "\(probe.updates.filter { if case .frame = $0 { false } else { true } })")
        #expect(session.diagnostics(at: 0).errorCode == .sourceNotFound)
        #expect(session.diagnostics(at: 0).counters.errorsShown == 1)

        probe.clear()
        session.retry()
        #expect(probe.updates.first == .errorCleared(index: 0), "the card goes at once")
        #expect(session.diagnostics(at: 0).errorCode == nil)
        #expect(await pumpUntil { probe.saw(shown) }, "and comes back: the file is still missing")
    }

    @Test("pages arrive as the user nears the end; a failing page shows on the placeholders until Retry")
    func sessionPagination() async throws {
        let probe = SessionProbe()
        let source = PagedTestSource(pageSize: 8, pages: 3, failing: [1])
        let session = FeedSession(source: source, media: MediaEngine())
        defer { session.shutdown() }
        session.attach(probe)
        #expect(session.count == FeedSession.placeholderPages, "skeletons before the first page")
        var started: FeedSourceFailure?? = .none
        session.start { started = .some($0) }
        #expect(await pumpUntil { started != nil })
        #expect(started == .some(nil) && session.items.count == 8 && probe.saw(.itemsChanged))
        #expect(session.count == 8 + FeedSession.placeholderPages)
        session.push(input(0), from: probe)
        #expect(source.requests == [0], "the first post is far from the end")

        // Near the end: the next page is asked for, and fails.
        probe.clear()
        session.push(input(4), from: probe)
        #expect(source.requests == [0, 1])
        #expect(await pumpUntil { session.loadMoreFailure != nil })
        #expect(session.loadMoreFailure == "HTTP 503: Service Unavailable")
        #expect(probe.saw(.itemsChanged), "\(probe.updates)")
        #expect(session.items.count == 8)

        // Retry on a placeholder loads it; the last page ends the feed.
        session.retryLoadMore()
        #expect(await pumpUntil { session.items.count == 16 })
        #expect(session.loadMoreFailure == nil)
        session.push(input(12), from: probe)
        #expect(await pumpUntil { session.items.count == 24 })
        #expect(session.placeholderCount == 0 && session.count == 24, "the feed ends after its last page")
        #expect(source.requests == [0, 1, 1, 2])
        #expect(session.items.map(\.id) == (0..<24).map { "p\($0)" })
    }

    @Test("a feed that keeps sending empty pages ends after five in a row, saying so, with no skeletons left")
    func emptyPagesEnd() async throws {
        for followed in [0, 4] {
            let probe = SessionProbe()
            let source = EmptyPagesSource(followedPerAnswer: followed)
            let session = FeedSession(source: source, media: MediaEngine())
            defer { session.shutdown() }
            session.attach(probe)
            var started: FeedSourceFailure?? = .none
            session.start { started = .some($0) }
            #expect(await pumpUntil { started != nil })
            session.push(input(2), from: probe)
            let message = "The feed sent 5 empty pages in a row; showing what it had"
            #expect(await pumpUntil { probe.saw(.toast(message)) }, "followed \(followed): \(probe.updates)")
            #expect(session.placeholderCount == 0 && session.count == 3, "followed \(followed): the feed ends with what it had")
            // Five source pages in all: asked one by one, or read past by the source.
            #expect(source.requests == (followed == 0 ? 6 : 2), "followed \(followed): \(source.requests) requests")
        }
    }

    @Test("a reload keeps the current post and its player where the post now is")
    func sessionReload() async throws {
        let probe = SessionProbe()
        let items = (0..<4).map { index in
            FeedItem(id: "clip-\(index)", kind: .video, uri: clips.videos[index % clips.videos.count].absoluteString)
        }
        let source = ArrayFeedSource(items)
        let session = FeedSession(source: source, media: MediaEngine())
        defer { session.shutdown() }
        session.start()
        session.attach(probe)
        session.push(input(1), from: probe)
        #expect(await pumpUntil { !probe.frames(at: 1).isEmpty })
        let player = try #require(session.pool.player(for: 1))

        source.items = [FeedItem(id: "new", kind: .image, uri: "file:///nowhere/new.png")] + items
        var reloaded: FeedSourceFailure?? = .none
        session.reload { reloaded = .some($0) }
        #expect(reloaded == .some(nil))
        #expect(probe.saw(.itemsReplaced(FeedSession.ItemsReplacement(
            newIndexOf: [0: 1, 1: 2, 2: 3, 3: 4], currentIndex: 2, keptCurrent: true))))
        #expect(session.pool.player(for: 2) === player, "the player followed its post")
        session.push(input(2), from: probe)
        #expect(session.current == 2 && session.pool.player(for: 2) === player)
    }
}

extension PlaybackTests {
    @Test("two media engines in one process play and preload, each through its own cache folder only")
    func twoEngines() async throws {
        let temp = try TemporaryDirectory("two-engines")
        defer { temp.remove() }
        let server = MediaServer()
        for (index, clip) in clips.videos.prefix(2).enumerated() {
            for side in ["a", "b"] { server.serveFile(clip, at: "/\(side)\(index).mp4", contentType: "video/mp4") }
        }
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        let budgets = CacheBudgets(videoBytes: 50_000_000, imageBytes: 10_000_000)
        var engines: [MediaEngine] = []
        var sessions: [FeedSession] = []
        var probes: [SessionProbe] = []
        for side in ["a", "b"] {
            // The first opens as the app opens its engine (the folder off the GTK thread), the second in place.
            let folder = temp.url.appendingPathComponent(side)
            let engine: MediaEngine
            if side == "a" {
                nonisolated(unsafe) var opened: Result<MediaEngine, Error>?
                MediaEngine.open(cacheDirectory: folder, budgets: budgets) { opened = $0 }
                #expect(await pumpUntil { opened != nil })
                engine = try #require(try opened?.get())
            } else {
                engine = try MediaEngine(cacheDirectory: folder, budgets: budgets)
            }
            let items = (0..<2).map { index in
                FeedItem(id: "feed-\(side)-post-\(index)", kind: .video, uri: base.appendingPathComponent("\(side)\(index).mp4").absoluteString)
            }
            let session = FeedSession(source: ArrayFeedSource(items), media: engine)
            let probe = SessionProbe()
            session.start()
            session.attach(probe)
            session.push(input(0), from: probe)
            engines.append(engine)
            sessions.append(session)
            probes.append(probe)
        }
        defer { for session in sessions { session.shutdown() } }
        // Both play their first post through their own cache, and prepare the second.
        #expect(await pumpUntil(20) { probes.allSatisfy { !$0.frames(at: 0).isEmpty && !$0.frames(at: 1).isEmpty } },
                "\(probes.map { $0.updates.filter { if case .frame = $0 { false } else { true } } })")
        let caches = try engines.map { try #require($0.cache) }
        for (side, cache) in zip(["a", "b"], caches) {
            let other = side == "a" ? "b" : "a"
            let keys = cache.store.keys.map(\.description)
            #expect(keys.contains { $0.contains("feed-\(side)-post-0") }, "\(side)'s first post is in \(side)'s folder: \(keys)")
            #expect(!keys.contains { $0.contains("feed-\(other)-") }, "nothing of \(other)'s feed is in \(side)'s folder: \(keys)")
            let read = try #require(cache.hub).bytesRead
            #expect(read.hits + read.misses > 0, "\(side)'s players read through \(side)'s own hub")
        }
        #expect(caches[0].hub?.id != caches[1].hub?.id)
    }
}
