import CFlickGLibShim
import CGLib
import CGStreamer
import FeedCore
import FlickTestSupport
import Foundation
import Testing
@testable import FeedMedia

/// libav's decoder in a real player decodes a phone-sized stream on one
/// thread (``DecoderThreads``), set from the stream's caps before the
/// codec opens.
@Suite("Software decoder threads in a player", .serialized)
@MainActor
struct DecoderThreadsPlaybackTests {
    @Test("a 144×256 H.264 clip prerolls through avdec_h264 with max-threads 1")
    func phoneSizedStreamUsesOneThread() async throws {
        let clips = try PlaybackClips.get()
        let player = try VideoPlayer(id: 92)
        defer { player.destroy() }
        let recorder = PlayerRecorder(player)
        let generation = player.load(uri: clips.videos[0].absoluteString, box: PixelSize(width: 144, height: 256), fit: .cover)
        #expect(await pumpUntil { recorder.saw(.prerolled, generation: generation) })
        let playbin = try #require(player.playbin?.element)
        let decoder = try #require(element(in: playbin, factory: "avdec_h264"), "the software decoder is plugged")
        defer { gst_object_unref(UnsafeMutableRawPointer(decoder)) }
        #expect(flick_object_get_int(decoder, "max-threads") == 1, "one thread for a phone-sized stream")
        #expect(!recorder.frames(of: generation).isEmpty, "and its first frame arrived")
    }
}
