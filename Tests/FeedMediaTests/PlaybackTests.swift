import CGLib
import FeedCore
import FlickTestSupport
import Foundation
import Testing
@testable import FeedDemo
@testable import FeedMedia

/// Real playbins on generated clips. Serialized: players decode in real time
/// and the leak checks count every playbin in the process.
@Suite("Video player and pool", .serialized)
@MainActor
struct PlaybackTests {
    let clips: PlaybackClips

    init() throws {
        clips = try PlaybackClips.get()
    }

    /// Loads `uri`, waits for the preroll and one frame of the new generation.
    func loadAndPreroll(_ player: VideoPlayer, _ recorder: PlayerRecorder, uri: String,
                        box: PixelSize = PixelSize(width: 100, height: 100), fit: ContentFit = .cover) async -> UInt64 {
        let generation = player.load(uri: uri, box: box, fit: fit)
        let ready = await pumpUntil {
            recorder.saw(.prerolled, generation: generation) && !recorder.frames(of: generation).isEmpty
                || recorder.failure(of: generation) != nil
        }
        #expect(ready, "no preroll for \(uri)")
        #expect(recorder.failure(of: generation) == nil, "\(String(describing: recorder.failure(of: generation)))")
        return generation
    }

    @Test("a load prerolls a frame of its generation, scaled and cropped to the box")
    func prerollsAFrameWithinTheBox() async throws {
        let player = try VideoPlayer(id: 1)
        defer { player.destroy() }
        let recorder = PlayerRecorder(player)
        #expect(player.isMuted, "players start muted")
        #expect(player.state == .idle)

        let box = PixelSize(width: 100, height: 100)
        let cover = await loadAndPreroll(player, recorder, uri: clips.videos[0].absoluteString, box: box, fit: .cover)
        #expect(player.generation == cover)
        #expect(player.state == .ready)
        #expect(!player.isPlaying)
        let frame = try #require(recorder.frames(of: cover).first)
        #expect(frame.width == 100 && frame.height == 100, "cover fills the box and is cropped to it")
        #expect(frame.stride >= frame.width * 4)
        let color = clips.colors[0]
        #expect(abs(frame.centre.r - color.red) < 24 && abs(frame.centre.g - color.green) < 24
                && abs(frame.centre.b - color.blue) < 24, "centre \(frame.centre) vs \(color.name)")
        #expect(player.videoSize == clips.size)
        #expect(try #require(player.duration) > 3.5)

        let contain = await loadAndPreroll(player, recorder, uri: clips.videos[1].absoluteString, box: box, fit: .contain)
        #expect(contain > cover)
        let small = try #require(recorder.frames(of: contain).first)
        #expect(small.width == 56 && small.height == 100, "contain fits inside the box: \(small.width)x\(small.height)")
        #expect(recorder.frames.allSatisfy { $0.width <= box.width && $0.height <= box.height })
    }

    @Test("play keeps frames coming in order, pause stops at a paused state")
    func playAndPause() async throws {
        let player = try VideoPlayer(id: 2)
        defer { player.destroy() }
        let recorder = PlayerRecorder(player)
        let generation = await loadAndPreroll(player, recorder, uri: clips.videos[1].absoluteString)

        player.play()
        #expect(player.isPlaying)
        let flowing = await pumpUntil { recorder.frames(of: generation).count >= 10 }
        #expect(flowing, "frames keep coming while playing")
        #expect(recorder.saw(.playing, generation: generation))
        #expect(player.state == .playing)
        #expect(player.isPipelinePlaying)
        let times = recorder.frames(of: generation).compactMap(\.pts)
        #expect(times == times.sorted(), "frames arrive in order")
        #expect(try #require(player.position) > 0)

        player.pause()
        #expect(player.state == .paused)
        #expect(!player.isPlaying)
        #expect(await pumpUntil { recorder.saw(.paused, generation: generation) })
        #expect(!player.isPipelinePlaying)

        player.play()
        #expect(await pumpUntil { player.isPipelinePlaying && player.state == .playing })
    }

    @Test("a short clip loops by default and ends with loops off")
    func loopsAndEnds() async throws {
        let player = try VideoPlayer(id: 3)
        defer { player.destroy() }
        let recorder = PlayerRecorder(player)
        let looping = player.load(uri: clips.short.absoluteString, box: PixelSize(width: 64, height: 64), fit: .cover)
        player.play() // before the preroll: remembered, played on preroll
        #expect(player.state == .starting && player.isPlaying)
        #expect(await pumpUntil(8) { recorder.saw(.looped, generation: looping) }, "\(recorder.events)")
        #expect(player.state == .playing)
        let framesAfterLoop = recorder.frames(of: looping).count
        #expect(await pumpUntil { recorder.frames(of: looping).count > framesAfterLoop + 5 }, "keeps playing after the loop")

        player.loops = false
        let once = player.load(uri: clips.short.absoluteString, box: PixelSize(width: 64, height: 64), fit: .cover)
        player.play()
        #expect(await pumpUntil(8) { recorder.saw(.ended, generation: once) })
        #expect(player.state == .ended)
        #expect(!recorder.saw(.looped, generation: once))
        player.play() // from the end: starts again
        #expect(await pumpUntil { player.state == .playing && player.isPipelinePlaying })
    }

    @Test("a seek while paused prerolls the frame at that time")
    func seekWhilePaused() async throws {
        let player = try VideoPlayer(id: 4)
        defer { player.destroy() }
        let recorder = PlayerRecorder(player)
        let generation = await loadAndPreroll(player, recorder, uri: clips.videos[1].absoluteString)
        player.seek(to: 1, accurate: false)
        player.seek(to: 3, accurate: true) // replaces the first while it is in flight
        let landed = await pumpUntil { recorder.frames(of: generation).contains { abs(($0.pts ?? 0) - 3) < 0.05 } }
        #expect(landed, "pts seen: \(recorder.frames(of: generation).map(\.pts))")
        #expect(await pumpUntil { abs((player.position ?? 0) - 3) < 0.05 })
        #expect(player.state == .ready)
    }

    @Test("frames and events of an earlier binding are never delivered")
    func rebindingDropsOldFrames() async throws {
        let player = try VideoPlayer(id: 5)
        defer { player.destroy() }
        let recorder = PlayerRecorder(player)
        for round in 0..<4 {
            recorder.reset()
            let first = player.load(uri: clips.videos[round % 3].absoluteString,
                                    box: PixelSize(width: 100, height: 100), fit: .cover)
            player.play()
            if round % 2 == 1 {
                // Let the first item stream for a while before leaving it.
                _ = await pumpUntil { recorder.frames(of: first).count >= 3 }
                player.unload()
                #expect(player.state == .idle && player.uri == nil)
                #expect(player.generation != first)
            }
            recorder.reset()
            let second = player.load(uri: clips.videos[(round + 1) % 3].absoluteString,
                                     box: PixelSize(width: 100, height: 100), fit: .cover)
            player.play()
            #expect(await pumpUntil { recorder.frames(of: second).count >= 5 })
            #expect(recorder.frames.allSatisfy { $0.generation == second }, "round \(round)")
            #expect(recorder.events.allSatisfy { $0.generation == second }, "round \(round): \(recorder.events)")
        }
    }

    @Test("mute is set on the element")
    func muteOnTheElement() throws {
        let player = try VideoPlayer(id: 6)
        defer { player.destroy() }
        #expect(player.isMuted)
        player.isMuted = false
        #expect(!player.isMuted)
        player.isMuted = true
        #expect(player.isMuted)
    }

    @Test("destroy releases the playbin")
    func destroyReleasesThePlaybin() async throws {
        let before = VideoPlayer.pipelinesAlive
        let player = try VideoPlayer(id: 7)
        // At most one more: pipelines of earlier tests may still be finishing their teardown.
        #expect(VideoPlayer.pipelinesAlive >= 1 && VideoPlayer.pipelinesAlive <= before + 1)
        let recorder = PlayerRecorder(player)
        let generation = await loadAndPreroll(player, recorder, uri: clips.videos[0].absoluteString)
        player.play()
        _ = await pumpUntil { recorder.frames(of: generation).count >= 3 }
        player.destroy()
        #expect(player.isDestroyed)
        #expect(await pumpUntil { VideoPlayer.pipelinesAlive <= before })
        player.play() // harmless after destroy
        #expect(!player.isPlaying)
    }
}
