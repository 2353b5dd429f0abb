import FeedCore
import FeedGObject
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// A feed of posts listed without their media (as PeerTube's lists are):
/// each is playable only once its details came; the ids in `failing`
/// fail. Answers come on the next turn of the main loop.
@MainActor
final class DetailsTestSource: FeedSource {
    let listed: [FeedItem]
    let detailed: [String: FeedItem]
    var failing: Set<String>
    private(set) var asked: [String] = []
    var cacheScope: String? { nil }

    init(detailed: [FeedItem], failing: Set<String> = []) {
        self.detailed = Dictionary(uniqueKeysWithValues: detailed.map { ($0.id, $0) })
        listed = detailed.map { FeedItem(id: $0.id, kind: .video, uri: "details:\($0.id)") }
        self.failing = failing
    }

    func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        completion(.success(FeedSourcePage(items: listed)))
    }

    func loadNext(after cursor: FeedCursor,
                  _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        completion(.success(FeedSourcePage(items: [])))
    }

    func needsDetails(_ item: FeedItem) -> Bool { item.uri.hasPrefix("details:") }

    func fetchDetails(of item: FeedItem,
                      _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        asked.append(item.id)
        let failing = self.failing.contains(item.id)
        let detailed = self.detailed[item.id]
        MainLoopSource.idle {
            if failing || detailed == nil {
                completion(.failure(FeedSourceFailure(message: "HTTP 404: Not Found", code: .sourceNotFound)))
            } else if let detailed {
                completion(.success(FeedSourcePage(items: [detailed])))
            }
            return false
        }
    }
}

/// The parts of a session without a display: its stills and animations,
/// posts' details, what it counts, and what the plan follows.
extension PlaybackTests {
    /// A session over `items` (an array source), started and shown by `probe`.
    func session(_ items: [FeedItem], _ probe: SessionProbe) -> FeedSession {
        let session = FeedSession(source: ArrayFeedSource(items), media: MediaEngine())
        session.start()
        session.attach(probe)
        return session
    }

    /// A new folder for this test's files.
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flick-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func stills(_ probe: SessionProbe, at index: Int) -> [DecodedImage] {
        probe.updates.compactMap { if case .still(index, _, let image) = $0 { return image } else { return nil } }
    }

    @Test("a page's still comes decoded at its box; a newer ask for the index replaces an older one")
    func sessionStills() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let picture = dir.appendingPathComponent("a.png")
        try TestPictures.write(picture, width: 360, height: 640, rgb: 0x20_80_E0)
        let probe = SessionProbe()
        let session = session([FeedItem(id: "a", kind: .image, uri: picture.absoluteString)], probe)
        defer { session.shutdown() }

        let small = PixelSize(width: 90, height: 160)
        let large = PixelSize(width: 180, height: 320)
        let first = try #require(session.requestStill(at: 0, box: small, fit: .cover))
        let second = try #require(session.requestStill(at: 0, box: large, fit: .cover))
        #expect(second != first)
        #expect(await pumpUntil { !stills(probe, at: 0).isEmpty })
        #expect(stills(probe, at: 0).map(\.width) == [180], "only the newest ask is answered")
        #expect(probe.updates.contains { if case .still(0, "a", _) = $0 { true } else { false } })

        // Asked again at the same size: from the decoded pictures, at once.
        probe.clear()
        let again = session.requestStill(at: 0, box: large, fit: .cover)
        #expect(stills(probe, at: 0).map(\.height) == [320], "kept for the next view: no decode")
        #expect(again == nil, "answered before returning: nothing left to cancel")
        // Nothing to ask for past the items.
        #expect(session.requestStill(at: 5, box: large, fit: .cover) == nil)
    }

    @Test("a damaged picture's page hears why, with no Retry; a cancelled ask is never answered")
    func sessionStillFailure() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let damaged = dir.appendingPathComponent("damaged.png")
        try TestPictures.damaged(damaged)
        let good = dir.appendingPathComponent("good.png")
        try TestPictures.write(good, width: 90, height: 160, rgb: 0xE0_20_20)
        let probe = SessionProbe()
        let session = session([FeedItem(id: "bad", kind: .image, uri: damaged.absoluteString),
                               FeedItem(id: "good", kind: .image, uri: good.absoluteString)], probe)
        defer { session.shutdown() }
        let box = PixelSize(width: 90, height: 160)

        session.requestStill(at: 0, box: box, fit: .contain)
        let failed = await pumpUntil {
            probe.updates.contains { if case .stillFailed(0, "bad", _) = $0 { true } else { false } }
        }
        #expect(failed, "\(probe.updates)")
        let failure = probe.updates.compactMap { if case .stillFailed(_, _, let f) = $0 { return f } else { return nil } }.first
        #expect(failure?.code == .imageDecodeFailed && failure?.retryable == false, "\(String(describing: failure))")

        // Asked and dropped at once (the page was rebound): the decode is
        // skipped or its answer dropped. The ask after it is answered.
        probe.clear()
        let dropped = try #require(session.requestStill(at: 1, box: box, fit: .cover))
        session.cancelStill(at: 1, request: dropped)
        session.requestStill(at: 1, box: PixelSize(width: 45, height: 80), fit: .cover)
        #expect(await pumpUntil { !stills(probe, at: 1).isEmpty })
        #expect(stills(probe, at: 1).map(\.width) == [45], "the cancelled ask was not answered")
        // Cancelling a request that is no longer the index's leaves the newer one.
        session.cancelStill(at: 1, request: dropped)
        probe.clear()
        session.requestStill(at: 1, box: box, fit: .cover)
        #expect(await pumpUntil { !stills(probe, at: 1).isEmpty })
    }

    @Test("the current photo's animation plays frame after frame until it is stopped; one animates at a time")
    func sessionAnimation() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = dir.appendingPathComponent("first.gif")
        let second = dir.appendingPathComponent("second.gif")
        try TestPictures.animation(at: first)
        try TestPictures.animation(at: second)
        let probe = SessionProbe()
        let session = session([FeedItem(id: "one", kind: .image, uri: first.absoluteString),
                               FeedItem(id: "two", kind: .image, uri: second.absoluteString)], probe)
        defer { session.shutdown() }
        let box = PixelSize(width: 90, height: 160)
        func frames(_ index: Int) -> [DecodedImage] {
            probe.updates.compactMap { if case .animationFrame(index, _, let image) = $0 { return image } else { return nil } }
        }

        session.setAnimation(at: 0, playing: true, box: box, fit: .cover)
        #expect(await pumpUntil { frames(0).count >= 3 }, "frames keep coming, 250 ms apart")
        #expect(session.animatingIndex == 0 && probe.saw(.animationChanged))
        #expect(frames(0).allSatisfy { $0.width == 90 && $0.height == 160 }, "made at the page's box")

        // The next post becomes current: its animation replaces the first.
        session.setAnimation(at: 1, playing: true, box: box, fit: .cover)
        #expect(await pumpUntil { session.animatingIndex == 1 && !frames(1).isEmpty })
        // Stopping another index leaves it; stopping its own stops it.
        session.setAnimation(at: 0, playing: false, box: box, fit: .cover)
        #expect(session.animatingIndex == 1)
        probe.clear()
        session.setAnimation(at: 1, playing: false, box: box, fit: .cover)
        #expect(session.animatingIndex == nil && probe.updates == [.animationChanged])
    }

    @Test("posts listed without media get their details as the plan comes to them; a failure shows on the current post with Retry")
    func sessionDetails() async throws {
        let clipsItems = (0..<6).map { index in
            FeedItem(id: "d\(index)", kind: .video, uri: clips.videos[index % clips.videos.count].absoluteString)
        }
        let source = DetailsTestSource(detailed: clipsItems, failing: ["d3"])
        let probe = SessionProbe()
        let session = FeedSession(source: source, media: MediaEngine())
        defer { session.shutdown() }
        session.start()
        session.attach(probe)
        session.push(input(0), from: probe)
        #expect(await pumpUntil { session.item(at: 0)?.uri == clipsItems[0].uri })
        #expect(await pumpUntil { !probe.frames(at: 0).isEmpty }, "the detailed post plays")
        #expect(!source.asked.contains("d5"), "never the whole list: \(source.asked)")
        #expect(Set(source.asked).count == source.asked.count, "one request per post: \(source.asked)")

        // The post whose details fail: its page says so when it is current.
        session.push(input(3), from: probe)
        let shown = FeedSession.Update.error(index: 3, code: .sourceNotFound, httpStatus: nil,
                                              retryable: RetryPolicy.isRetryable(.sourceNotFound, httpStatus: nil))
        #expect(await pumpUntil { probe.saw(shown) }, "\(source.asked)")
        #expect(session.diagnostics(at: 3).errorCode == .sourceNotFound)

        // Retry asks for them again; now they come and the post plays.
        source.failing = []
        let askedBefore = source.asked.filter { $0 == "d3" }.count
        session.retry()
        #expect(probe.saw(.errorCleared(index: 3)))
        #expect(await pumpUntil { session.item(at: 3)?.uri == clipsItems[3].uri })
        #expect(source.asked.filter { $0 == "d3" }.count == askedBefore + 1)
        #expect(await pumpUntil { !probe.frames(at: 3).isEmpty })
    }

    @Test("a video left before its first frame is counted; the data saver and memory pressure reach the plan")
    func sessionCountsAndConditions() async throws {
        let probe = SessionProbe()
        let session = clipSession(probe)
        defer { session.shutdown() }
        session.push(input(0), from: probe)
        session.push(input(1), from: probe) // left before any frame was painted
        #expect(session.diagnostics(at: 1).counters.leftBeforeFirstFrame == 1)
        session.send(.framePainted(at: 1))
        session.push(input(2, painted: true), from: probe) // its frame was already on screen
        #expect(session.diagnostics(at: 2).counters.leftBeforeFirstFrame == 1)
        #expect(session.diagnostics(at: 2).counters.ttffSamples.last == 0, "nothing to wait for")

        var preferences = session.preferences
        preferences.dataSaver = true
        session.preferences = preferences
        #expect(session.diagnostics(at: 2).network == .dataSaver)
        preferences.conditions.network = .offline
        session.preferences = preferences
        #expect(session.diagnostics(at: 2).network == .offline, "offline wins over the data saver")
        preferences.conditions.memory = .pressure
        session.preferences = preferences
        #expect(session.diagnostics(at: 2).memory == .pressure)
    }
}
