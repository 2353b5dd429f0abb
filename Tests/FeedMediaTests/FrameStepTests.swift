import CGLib
import FeedCore
import FlickTestSupport
import Foundation
import Testing
@testable import FeedDemo
@testable import FeedMedia

/// Frame stepping on a real playbin: each step shows the next or previous
/// frame of the 30 frames-a-second clips, from a frame reached by playing
/// or by a seek into the middle of a frame.
@Suite("Frame stepping", .serialized)
@MainActor
struct FrameStepTests {
    /// The frame shown after asking for `frames` from `from`: its time.
    private func step(_ player: VideoPlayer, _ recorder: PlayerRecorder, frames: Int, from: Double) async -> Double? {
        let before = recorder.frames.count
        guard player.step(frames: frames, from: from) != nil else { return nil }
        guard await pumpUntil(10, { recorder.frames.count > before && player.binding.seeks == .idle }) else { return nil }
        return recorder.frames.last?.pts
    }

    @Test("steps move one frame either way, from a played frame or a seek's, and stop at the ends")
    func stepsOneFrame() async throws {
        let clips = try PlaybackClips.get()
        let player = try VideoPlayer(id: 40)
        defer { player.destroy() }
        let recorder = PlayerRecorder(player)
        let generation = player.load(uri: clips.videos[0].absoluteString, box: PixelSize(width: 100, height: 100), fit: .cover)
        #expect(await pumpUntil { recorder.saw(.prerolled, generation: generation) && !recorder.frames.isEmpty })
        let frame = try #require(player.frameDuration)
        #expect(abs(frame - 1.0 / 30) < 1e-9, "the clips run at 30 frames a second")
        /// The frame index a time falls in.
        func index(_ time: Double?) -> Int { Int(((time ?? -1) / frame + 0.01).rounded(.down)) }

        // From the first frame (time 0): on, on, back.
        var shown = try #require(recorder.frames.last?.pts)
        for (frames, expected) in [(1, 1), (1, 2), (-1, 1)] {
            shown = try #require(await step(player, recorder, frames: frames, from: shown))
            #expect(index(shown) == expected, "\(frames) from frame \(expected - frames): shows \(shown) s")
        }

        // From a seek into the middle of frame 45 (1.5 s + half a frame).
        let before = recorder.frames.count
        player.seek(to: 45.5 * frame, accurate: true)
        #expect(await pumpUntil { recorder.frames.count > before && player.binding.seeks == .idle })
        shown = try #require(recorder.frames.last?.pts)
        #expect(index(shown) == 45)
        shown = try #require(await step(player, recorder, frames: -1, from: shown))
        #expect(index(shown) == 44)
        shown = try #require(await step(player, recorder, frames: 3, from: shown))
        #expect(index(shown) == 47)

        // Never before the first frame nor past the last.
        #expect(index(await step(player, recorder, frames: -100, from: shown)) == 0)
        let duration = try #require(player.duration)
        let last = index(duration - frame)
        let end = await step(player, recorder, frames: 10_000, from: 0)
        #expect(index(end) == last, "the last frame (\(last)) of \(duration) s: \(String(describing: end))")
    }
}
