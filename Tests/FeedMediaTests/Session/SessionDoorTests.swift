import FeedCore
import FeedGObject
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// The session through its one door, as the view and the app use it:
/// commands given with `send`, what happened heard as updates, what is so
/// read from the snapshot. Scripted players, no pipeline, no display.
@Suite("The session through its door", .serialized)
@MainActor
struct SessionDoorTests {
    typealias Rig = ScriptedSessionTests.Rig

    /// A feed of `count` videos on scripted players, attached and landed on post 0.
    func landed(count: Int = 5, items: [FeedItem]? = nil, extras: [String: RemoteItemExtras] = [:]) -> Rig {
        let items = items ?? (0..<count).map { FeedItem(id: "v\($0)", kind: .video, uri: "file:///scripted/v\($0).mp4") }
        let players = ScriptedPlayers()
        let session = FeedSession(source: ExtrasSource(items: items, extras: extras), media: MediaEngine(), engine: .flick,
                                  players: players)
        let probe = SessionProbe()
        session.start()
        session.attach(probe)
        let rig = Rig(session: session, players: players, probe: probe)
        rig.push(0)
        return rig
    }

    @Test("pause, play and toggle act on the current post; the snapshot says whether it plays")
    func playAndPause() throws {
        let rig = landed()
        defer { rig.session.shutdown() }
        let current = try rig.player(0)
        current.send(.prerolled)
        #expect(rig.session.snapshot().shown.isPlaying && rig.session.snapshot().shown.index == 0)
        rig.session.send(.pause)
        #expect(!current.isPlaying && !rig.session.snapshot().shown.isPlaying && rig.probe.saw(.playing(false)))
        rig.session.send(.togglePlayback)
        #expect(current.isPlaying && rig.probe.saw(.playing(true)))
        rig.session.send(.togglePlayback)
        #expect(!current.isPlaying)
        // Paused by the user, the post stays paused through a re-plan.
        rig.push(0)
        #expect(!current.isPlaying, "a push does not undo the user's pause")
        rig.session.send(.play)
        #expect(current.isPlaying)
    }

    @Test("mute goes to every post; sound reaches the current player only; the snapshot and an update say so")
    func mute() throws {
        let rig = landed()
        defer { rig.session.shutdown() }
        #expect(rig.session.snapshot().muted, "muted by default")
        rig.session.send(.mute(false))
        let first = try rig.player(0), second = try rig.player(1)
        #expect(!first.isMuted && second.isMuted)
        #expect(!rig.session.snapshot().muted && rig.probe.saw(.muted(false)))
        rig.probe.clear()
        rig.session.send(.mute(false))
        #expect(!rig.probe.saw(.muted(false)), "nothing to say when nothing changed")
        rig.push(1)
        #expect(!second.isMuted && first.isMuted, "sound follows the current post")
    }

    @Test("seeking by a step stays inside the video; seeking to a time reaches the player as asked")
    func seeking() throws {
        let rig = landed()
        defer { rig.session.shutdown() }
        let current = try rig.player(0)
        current.position = 3
        current.duration = 10
        rig.session.send(.seekBy(-5))
        rig.session.send(.seekBy(50))
        rig.session.send(.seekTo(4.5, accurate: false))
        #expect(current.seeks == [0, 9.9, 4.5])
        current.position = nil
        rig.session.send(.seekBy(5))
        #expect(current.seeks.count == 3, "no position known: nothing to seek from")
    }

    @Test("a frame step pauses and answers with the frame's time once the frame rate is known")
    func frameStep() throws {
        let rig = landed()
        defer { rig.session.shutdown() }
        let current = try rig.player(0)
        current.send(.prerolled)
        current.position = 2
        rig.session.send(.step(frames: 1, from: nil))
        #expect(!current.isPlaying, "a step pauses first")
        #expect(!rig.probe.updates.contains { if case .stepped = $0 { true } else { false } }, "no frame rate: no answer")
        current.frameRate = 25
        rig.session.send(.step(frames: -2, from: 1))
        #expect(rig.probe.saw(.stepped(index: 0, to: 0.92)))
    }

    @Test("the speed reaches every player; a rate Flick does not play at changes nothing; a held press plays 2×")
    func speed() throws {
        let rig = landed()
        defer { rig.session.shutdown() }
        rig.session.send(.rate(1.5))
        #expect(rig.players.players.allSatisfy { $0.rate == 1.5 } && rig.session.snapshot().tuning.rate == 1.5)
        rig.session.send(.rate(7))
        rig.session.send(.rate(.nan))
        #expect(rig.session.snapshot().tuning.rate == 1.5, "refused rates change nothing")
        rig.session.send(.holdFaster(true))
        let current = try rig.player(0)
        #expect(current.rate == PlaybackRate.held && rig.session.snapshot().tuning.effectiveRate == PlaybackRate.held)
        rig.session.send(.holdFaster(false))
        #expect(current.rate == 1.5)
        // A post prepared later starts at the speed chosen.
        rig.push(3)
        let later = try rig.player(4)
        #expect(later.rate == 1.5)
    }

    @Test("the volume is clamped to 0…1 and reaches every player; mute stays as it is")
    func volume() throws {
        let rig = landed()
        defer { rig.session.shutdown() }
        rig.session.send(.volume(0.25))
        #expect(rig.players.players.allSatisfy { abs($0.volume - 0.25) < 1e-9 })
        rig.session.send(.volume(3))
        #expect(rig.session.snapshot().tuning.volume == 1)
        rig.session.send(.volume(-1))
        rig.session.send(.volume(.infinity))
        #expect(rig.session.snapshot().tuning.volume == 0 && rig.session.snapshot().muted)
    }

    @Test("a like flips the heart at once and says so; a second toggle unlikes; the snapshot shows each")
    func likes() throws {
        let rig = landed()
        defer { rig.session.shutdown() }
        let item = try #require(rig.session.snapshot().item(at: 0))
        #expect(rig.session.snapshot().likeState(of: item).liked == false)
        rig.session.send(.toggleLike(item))
        #expect(rig.probe.saw(.likeToggled(itemID: "v0", liked: true)) && rig.probe.saw(.likeChanged(itemID: "v0")))
        #expect(rig.session.snapshot().likeState(of: item).liked)
        #expect(rig.session.snapshot().likedByServer(item) == nil, "no server keeps this post's likes")
        rig.session.send(.toggleLike(item))
        #expect(rig.probe.saw(.likeToggled(itemID: "v0", liked: false)) && !rig.session.snapshot().likeState(of: item).liked)
    }

    @Test("a post's own like count shows until the user likes it; a server's post needs a sign-in to be liked")
    func likesFromTheFeed() throws {
        let extras = ["v0": RemoteItemExtras(likes: 41, liked: false, likeURL: URL(string: "http://127.0.0.1:9/like/v0"))]
        let rig = landed(extras: extras)
        defer { rig.session.shutdown() }
        let item = try #require(rig.session.snapshot().item(at: 0))
        let shown = rig.session.snapshot().likeState(of: item)
        #expect(shown.liked == false && shown.likes == 41)
        #expect(rig.session.snapshot().likedByServer(item) == false, "the feed's word, until a like's answer")
        rig.session.send(.toggleLike(item))
        let liked = rig.session.snapshot().likeState(of: item)
        #expect(liked.liked && liked.likes == 42, "optimistic: the count goes up at once")
        #expect(rig.session.snapshot().diagnostics.likesPending, "the request is on its way")
    }

    @Test("captions: the snapshot offers a post's languages when it has two; choosing one opens the post again with it")
    func captions() throws {
        let tracks = [CaptionTrack(language: "de", uri: "file:///scripted/v0.de.vtt"),
                      CaptionTrack(language: "fr", uri: "file:///scripted/v0.fr.vtt")]
        let items = [FeedItem(id: "v0", kind: .video, uri: "file:///scripted/v0.mp4", captions: tracks),
                     FeedItem(id: "v1", kind: .video, uri: "file:///scripted/v1.mp4",
                              captions: [CaptionTrack(language: "de", uri: "file:///scripted/v1.de.vtt")])]
        let chosen = CaptionLanguage.chosen
        defer { CaptionLanguage.chosen = chosen }
        let rig = landed(items: items)
        defer { rig.session.shutdown() }
        let snapshot = rig.session.snapshot()
        #expect(snapshot.captionLanguages(at: 0).map(\.tag) == ["de", "fr"])
        #expect(snapshot.captionLanguages(at: 1).isEmpty, "one language: nothing to choose")
        #expect(snapshot.shown.captionTracks == 2)
        let player = try rig.player(0)
        rig.session.send(.captionLanguage("fr"))
        #expect(player.loads.count == 2, "opened again with the chosen file")
        #expect(player.caption == "file:///scripted/v0.fr.vtt")
        #expect(CaptionLanguage.chosen == "fr")
        #expect(try rig.player(1).caption == "file:///scripted/v1.de.vtt", "the prepared post loads with its captions")
    }

    @Test("a sensitive post is held back and not prepared until the user shows it")
    func sensitive() throws {
        let rig = landed(extras: ["v1": RemoteItemExtras(sensitive: true)])
        defer { rig.session.shutdown() }
        let item = try #require(rig.session.snapshot().item(at: 1))
        #expect(rig.session.snapshot().isHeldBack(item) && rig.players.player(for: 1) == nil)
        rig.session.send(.showSensitive("v1"))
        #expect(rig.probe.saw(.sensitiveChanged) && !rig.session.snapshot().isHeldBack(item))
        #expect(rig.players.player(for: 1) != nil, "prepared like any other once shown")
    }

    @Test("preferences by command: without autoplay the next landing waits paused; conditions keep the rest")
    func preferences() throws {
        let rig = landed()
        defer { rig.session.shutdown() }
        var preferences = rig.session.snapshot().preferences
        preferences.autoplay = false
        preferences.whenFinished = .next
        rig.session.send(.preferences(preferences))
        rig.push(1)
        let next = try rig.player(1)
        #expect(!next.isPlaying, "waits on its first frame for play")
        var conditions = SystemMonitor.Conditions()
        conditions.memory = .critical
        rig.session.send(.conditions(conditions))
        let now = rig.session.snapshot()
        #expect(!now.preferences.autoplay && now.preferences.whenFinished == .next && now.preferences.conditions.memory == .critical)
        #expect(now.diagnostics.memory == .critical, "the plan sees it")
    }

    @Test("when a video ends: it loops by default, and with when-finished next the feed is asked to page on")
    func whenFinished() throws {
        let rig = landed()
        defer { rig.session.shutdown() }
        let current = try rig.player(0)
        current.send(.prerolled)
        current.send(.ended)
        #expect(current.seeks.last == 0 && !rig.probe.saw(.advance(from: 0)), "loops")
        var preferences = rig.session.snapshot().preferences
        preferences.whenFinished = .next
        rig.session.send(.preferences(preferences))
        current.send(.ended)
        #expect(rig.probe.saw(.advance(from: 0)))
    }

    @Test("Retry on an error card loads the post again at once, with a fresh budget")
    func retry() throws {
        let rig = landed()
        defer { rig.session.shutdown() }
        let current = try rig.player(0)
        current.send(.failed(.sourceNotFound, message: "gone", httpStatus: nil))
        #expect(rig.session.snapshot().diagnostics.errorCode == .sourceNotFound)
        rig.session.send(.retry)
        #expect(current.loads.count == 2 && rig.probe.saw(.errorCleared(index: 0)))
        #expect(rig.session.snapshot().diagnostics.errorCode == nil)
    }

    @Test("pages arrive into the snapshot with skeletons after them; a failed page says why until Retry loads it")
    func paging() async throws {
        let source = PagedTestSource(pageSize: 4, pages: 3, failing: [1])
        let players = ScriptedPlayers()
        let session = FeedSession(source: source, media: MediaEngine(), engine: .flick, players: players)
        defer { session.shutdown() }
        let probe = SessionProbe()
        session.attach(probe)
        session.start()
        #expect(await pumpUntil { session.snapshot().started })
        let first = session.snapshot()
        #expect(first.items.count == 4 && first.placeholderCount == FeedSession.placeholderPages)
        #expect(first.count == 4 + FeedSession.placeholderPages)
        let rig = Rig(session: session, players: players, probe: probe)
        rig.push(3)
        #expect(await pumpUntil { session.snapshot().loadMoreFailure != nil }, "page 1 fails once")
        session.send(.retryLoadMore)
        #expect(await pumpUntil { session.snapshot().items.count == 8 })
        #expect(session.snapshot().loadMoreFailure == nil)
    }

    @Test("a save without a media cache ends at once, as an update; the snapshot says no save is under way")
    func saveWithoutCache() throws {
        let rig = landed()
        defer { rig.session.shutdown() }
        rig.session.send(.save(at: 0, into: URL(fileURLWithPath: NSTemporaryDirectory())))
        #expect(rig.probe.saw(.saveEnded(.failure(.noCache))))
        #expect(rig.session.snapshot().saving == SaveStatus(isSaving: false, savesDone: 0, lastFailure: nil))
    }

    @Test("the snapshot holds the last frame of each served post and its share target; a released post's goes")
    func heldFramesAndShareTargets() throws {
        let page = try #require(URL(string: "https://example.org/posts/v1"))
        let rig = landed(extras: ["v1": RemoteItemExtras(webPage: page)])
        defer { rig.session.shutdown() }
        try rig.player(0).sendFrame()
        let snapshot = rig.session.snapshot(.heldFrames)
        #expect(snapshot.heldFrame(at: 0)?.source == "file:///scripted/v0.mp4" && snapshot.heldFrame(at: 1) == nil)
        let items = snapshot.items
        #expect(snapshot.shareTarget(of: items[1]) == .page("https://example.org/posts/v1"))
        #expect(snapshot.shareTarget(of: items[0]) == .localFile("file:///scripted/v0.mp4"))
        rig.push(4)
        #expect(rig.session.snapshot(.heldFrames).heldFrame(at: 0) == nil, "post 0's player was let go")
    }
}

/// A feed of `items` whose page carries `extras` (likes, sensitive posts,
/// web pages), answered at once.
@MainActor
final class ExtrasSource: FeedSource {
    let items: [FeedItem]
    let extras: [String: RemoteItemExtras]
    var cacheScope: String? { nil }

    init(items: [FeedItem], extras: [String: RemoteItemExtras]) {
        self.items = items
        self.extras = extras
    }

    func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        completion(.success(FeedSourcePage(items: items, extras: extras)))
    }

    func loadNext(after cursor: FeedCursor,
                  _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        completion(.success(FeedSourcePage(items: [])))
    }
}
