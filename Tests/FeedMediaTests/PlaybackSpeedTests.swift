import CFlickGLibShim
import CGLib
import CGStreamer
import FeedCore
import FlickTestSupport
import Foundation
import Testing
@testable import FeedDemo
@testable import FeedMedia

/// Speed and volume on a real playbin: a clip with sound plays through
/// `scaletempo`, the position moves at the rate asked (set before the
/// load or while playing, and kept by seeks), and the volume is playbin's
/// linear volume on the cubic scale.
@Suite("Playback speed and volume", .serialized)
@MainActor
struct PlaybackSpeedTests {
    /// A 12-second clip with its tone, made once into the shared test cache.
    private static func longClip() throws -> URL {
        var clip = DemoMediaPlan(clipCount: 1, clipSize: PixelSize(width: 144, height: 256)).clips[0]
        clip.duration = 12
        let pipeline = DemoPipelines.clipVideo(clip, aacEncoder: MediaRuntime.aacEncoder)
        return try TestClips.clip(named: "long-12s.mp4", recipe: pipeline) { target, folder in
            try DemoMediaJob(item: "long clip", message: "", weight: 1, target: target, pipeline: pipeline, timeout: 120)
                .render(in: folder)
        }
    }

    /// Media seconds per wall second over `seconds` of playing.
    private func measuredRate(_ player: VideoPlayer, over seconds: Double) async -> Double? {
        guard let start = player.position else { return nil }
        let began = Date()
        await pumpUntil(seconds + 1) { Date().timeIntervalSince(began) >= seconds }
        guard let end = player.position else { return nil }
        return (end - start) / Date().timeIntervalSince(began)
    }

    /// Whether an element made by `factory` is in `bin`, at any depth.
    private func contains(_ bin: UnsafeMutablePointer<GstElement>, factory: String) -> Bool {
        guard let found = element(in: bin, factory: factory) else { return false }
        gst_object_unref(UnsafeMutableRawPointer(found))
        return true
    }

    @Test("a clip with sound plays at 2× through scaletempo from its start, keeps the speed across a seek, and slows to 0.5× while playing")
    func rates() async throws {
        let clip = try Self.longClip()
        let player = try VideoPlayer(id: 60)
        defer { player.destroy() }
        let recorder = PlayerRecorder(player)
        player.rate = 2 // prepared at the speed chosen
        let generation = player.load(uri: clip.absoluteString, box: PixelSize(width: 144, height: 256), fit: .cover)
        #expect(await pumpUntil { recorder.saw(.prerolled, generation: generation) })
        let element = try #require(player.playbin?.element)
        #expect(contains(element, factory: "scaletempo"), "the sound keeps its pitch")
        player.play()
        #expect(await pumpUntil { player.state == .playing && (player.position ?? 0) > 0.1 })
        let fast = try #require(await measuredRate(player, over: 3))
        #expect((1.8...2.2).contains(fast), "at 2×: \(fast) media seconds per second")

        player.seek(to: 1, accurate: false)
        #expect(await pumpUntil { player.binding.seeks == .idle && (player.position ?? 99) < 3 })
        let afterSeek = try #require(await measuredRate(player, over: 2))
        #expect((1.7...2.3).contains(afterSeek), "a seek keeps the speed: \(afterSeek)")

        player.rate = 0.5
        #expect(await pumpUntil { player.binding.seeks == .idle })
        let slow = try #require(await measuredRate(player, over: 3))
        #expect((0.4...0.6).contains(slow), "at 0.5×: \(slow)")
    }

    @Test("the volume is playbin's linear volume on the cubic scale, clamped to 0…1")
    func volume() async throws {
        let clips = try PlaybackClips.get()
        let player = try VideoPlayer(id: 61)
        defer { player.destroy() }
        player.load(uri: clips.videos[0].absoluteString, box: PixelSize(width: 100, height: 100), fit: .cover)
        let object = try #require(player.playbin?.object)
        player.volume = 0.5
        #expect(abs(flick_object_get_double(object, "volume") - 0.125) < 1e-6, "half way is an eighth of the power")
        #expect(abs(player.volume - 0.5) < 1e-6)
        player.volume = 7
        #expect(abs(flick_object_get_double(object, "volume") - 1) < 1e-6)
        player.volume = -1
        #expect(flick_object_get_double(object, "volume") == 0)
        player.volume = .nan
        #expect(flick_object_get_double(object, "volume") == 0, "NaN changes nothing")
    }
}
