import CGLib
import FeedCore
import FlickTestSupport
import Foundation
import Testing
@testable import FeedDemo
@testable import FeedMedia

extension PlaybackTests {
    /// A URI per feed index: the three clips in turn.
    func uri(_ index: Int) -> String? {
        index >= 0 ? clips.videos[index % clips.videos.count].absoluteString : nil
    }

    /// Checks what must hold after every apply.
    func checkInvariants(_ pool: PlayerPool, capacity: Int, current: Int, muted: Bool, baseline: Int,
                         _ comment: Comment) {
        #expect(pool.players.count <= capacity, comment)
        #expect(VideoPlayer.pipelinesAlive - baseline <= capacity, comment)
        #expect(pool.playingCount <= 1, comment)
        #expect(pool.unmutedCount <= (muted ? 0 : 1), comment)
        #expect(pool.player(for: current) != nil, "the current item always has a player; \(comment)")
        #expect(pool.players.filter(\.isPlaying).allSatisfy { $0 === pool.player(for: current) }, comment)
        if !muted { #expect(pool.player(for: current)?.isMuted == false, comment) }
    }

    @Test("swiping through 60 posts keeps at most `capacity` players, one playing, reused, none leaked",
          arguments: [(3, DeviceTier.high, false), (2, DeviceTier.high, true)])
    func swipeThroughSixtyPosts(capacity: Int, tier: DeviceTier, muted: Bool) async throws {
        let baseline = VideoPlayer.pipelinesAlive
        let pool = PlayerPool(capacity: capacity)
        let box = PixelSize(width: 72, height: 128)
        var everyPlayer: [ObjectIdentifier: VideoPlayer] = [:]
        for current in 0..<60 {
            let plan = PreloadPolicy.plan(.init(currentIndex: current, count: 100, tier: tier))
            let changed = pool.apply(plan, uriFor: uri, box: box, fit: .cover, muted: muted)
            checkInvariants(pool, capacity: capacity, current: current, muted: muted, baseline: baseline, "post \(current)")
            for player in changed.values { everyPlayer[ObjectIdentifier(player)] = player }
            for player in pool.players { everyPlayer[ObjectIdentifier(player)] = player }
            // Wanted items hold players; the others gave theirs back.
            let wanted = plan.entries.filter { $0.video == .play || $0.video == .prepare }.map(\.index)
            #expect(Set(pool.assignments.keys).isSubset(of: Set(wanted)), "post \(current)")
            #expect(pool.assignments.count == min(wanted.count, capacity), "post \(current)")
            if current > 1 {
                #expect(pool.player(for: current - 2) == nil, "post \(current): two back is released")
            }
            // The current item plays before the next swipe (every few posts, to keep the test short).
            if current % 6 == 0 || current == 59 {
                let player = try #require(pool.player(for: current))
                #expect(await pumpUntil { player.state == .playing && player.isPipelinePlaying },
                        "post \(current) plays: \(player.state)")
                checkInvariants(pool, capacity: capacity, current: current, muted: muted, baseline: baseline, "post \(current) playing")
            }
        }
        #expect(everyPlayer.count == capacity, "players are reused, never made per post")
        #expect(pool.preparedCount == pool.assignments.count - 1)

        pool.releaseAll()
        #expect(pool.players.isEmpty && pool.assignments.isEmpty)
        #expect(await pumpUntil { VideoPlayer.pipelinesAlive <= baseline },
                "every playbin is finalized: \(VideoPlayer.pipelinesAlive) vs \(baseline)")
    }

    @Test("the prepared next item holds its own first frame before it becomes current")
    func preparedNextHasItsFrame() async throws {
        let pool = PlayerPool(capacity: 3)
        defer { pool.releaseAll() }
        var frames: [Int: [UInt64]] = [:]
        let plan = PreloadPolicy.plan(.init(currentIndex: 0, count: 10))
        let changed = pool.apply(plan, uriFor: uri, box: PixelSize(width: 72, height: 128), fit: .cover, muted: true)
        for (index, player) in changed {
            player.onFrame = { frame in frames[index, default: []].append(frame.generation) }
        }
        let next = try #require(pool.player(for: 1))
        #expect(await pumpUntil { next.state == .ready && frames[1]?.isEmpty == false })
        #expect(frames[1]?.allSatisfy { $0 == next.generation } == true)
        #expect(!next.isPlaying && next.isMuted)
        #expect(pool.preparedCount == 1)

        // Arriving: the prepared player is kept (not reloaded) and plays.
        let arrived = pool.apply(PreloadPolicy.plan(.init(currentIndex: 1, count: 10)), uriFor: uri,
                                 box: PixelSize(width: 72, height: 128), fit: .cover, muted: false)
        #expect(arrived[1] == nil, "the prepared player is reused as it is")
        #expect(pool.player(for: 1) === next)
        #expect(await pumpUntil { next.state == .playing })
        #expect(!next.isMuted)
        #expect(pool.unmutedCount == 1 && pool.playingCount == 1)
    }

    @Test("capacity is clamped, shrinking destroys surplus players, releaseOthers unloads all but one")
    func capacityAndReleaseOthers() async throws {
        #expect(PlayerPool(capacity: 0).capacity == 1)
        #expect(PlayerPool(capacity: 9).capacity == 5)
        let before = VideoPlayer.pipelinesAlive
        let pool = PlayerPool(capacity: 3)
        let plan = PreloadPolicy.plan(.init(currentIndex: 5, count: 10, tier: .high))
        pool.apply(plan, uriFor: uri, box: PixelSize(width: 72, height: 128), fit: .cover, muted: true)
        #expect(pool.players.count == 3)

        pool.releaseOthers(keeping: 5)
        #expect(pool.assignments.count == 1 && pool.player(for: 5) != nil)
        #expect(pool.players.count == 3, "released players stay alive at READY for reuse")
        #expect(pool.players.filter { $0.uri != nil }.count == 1)

        pool.capacity = 1
        #expect(pool.players.count == 1)
        #expect(pool.player(for: 5) != nil, "the current item keeps its player")
        // At most: an earlier test's playbin may still be finishing its reset when `before` is read.
        #expect(await pumpUntil { VideoPlayer.pipelinesAlive <= before + 1 })

        pool.releaseAll()
        #expect(await pumpUntil { VideoPlayer.pipelinesAlive <= before })
    }
}

extension PlaybackTests {
    @Test("jumping 0 → 1 → 2 → 3 → 4 → 10 → 20 → 21 → 5 → 100 ends with item 100's player delivering only its own frames")
    func rapidJumps() async throws {
        let pool = PlayerPool(capacity: 3)
        defer { pool.releaseAll() }
        let box = PixelSize(width: 72, height: 128)
        var delivered: [(player: Int, generation: UInt64)] = []
        for index in [0, 1, 2, 3, 4, 10, 20, 21, 5, 100] {
            let plan = PreloadPolicy.plan(.init(currentIndex: index, count: 1200, tier: .high))
            pool.apply(plan, uriFor: uri, box: box, fit: .cover, muted: false)
            for player in pool.players {
                player.onFrame = { [id = player.id] frame in delivered.append((id, frame.generation)) }
            }
            #expect(pool.playingCount <= 1 && pool.unmutedCount <= 1, "at \(index)")
            for _ in 0..<3 { g_main_context_iteration(nil, 0) } // a little of each item, no waiting
        }
        let current = try #require(pool.player(for: 100))
        #expect(current.uri == uri(100))
        delivered.removeAll()
        #expect(await pumpUntil { current.state == .playing && delivered.filter { $0.player == current.id }.count >= 5 })
        #expect(delivered.filter { $0.player == current.id }.allSatisfy { $0.generation == current.generation },
                "a frame of another binding reached item 100's player")
        #expect(Set(pool.assignments.keys) == [99, 100, 101])
    }

    @Test("a new box resizes a bound player's frames without reloading it")
    func resizeWithoutReload() async throws {
        let player = try VideoPlayer(id: 30)
        defer { player.destroy() }
        let recorder = PlayerRecorder(player)
        let generation = await loadAndPreroll(player, recorder, uri: clips.videos[1].absoluteString,
                                              box: PixelSize(width: 72, height: 128), fit: .cover)
        player.play()
        player.resize(box: PixelSize(width: 36, height: 64), fit: .cover)
        #expect(player.generation == generation)
        #expect(await pumpUntil { recorder.frames(of: generation).last.map { $0.width == 36 && $0.height == 64 } == true })
    }
}
