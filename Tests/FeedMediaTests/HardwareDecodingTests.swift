import CGLib
import CGStreamer
import FeedCore
import Foundation
import Testing
@testable import FeedMedia

/// `hardware-decoding` on GStreamer's registry and in a real player. This
/// machine has no video hardware, so a stand-in factory with a hardware
/// decoder's klass (and a rank above every software decoder) is registered
/// to show what `off` does to one.
@Suite("Hardware decoding", .serialized)
@MainActor
struct HardwareDecodingRegistryTests {
    static let standInName = "flicktesthwdec"
    static let standInRank = UInt32(GST_RANK_PRIMARY.rawValue + 10)

    /// Registers the stand-in once per process.
    static let standIn: Bool = {
        try? MediaRuntime.initialize()
        let type = g_type_register_static_simple(gst_element_get_type(), "FlickTestHardwareDecoder",
                                                 guint(MemoryLayout<GstElementClass>.size), { klass, _ in
            guard let klass else { return }
            gst_element_class_set_static_metadata(klass.assumingMemoryBound(to: GstElementClass.self),
                                                  "Stand-in hardware decoder", "Codec/Decoder/Video/Hardware",
                                                  "Stands for a VA-API decoder in tests", "Flick")
        }, guint(MemoryLayout<GstElement>.size), nil, GTypeFlags(rawValue: 0))
        return gst_element_register(nil, standInName, standInRank, type) != 0
    }()

    private func rank(of name: String) -> UInt32? {
        guard let feature = gst_registry_find_feature(gst_registry_get(), name, gst_element_factory_get_type()) else { return nil }
        defer { gst_object_unref(UnsafeMutableRawPointer(feature)) }
        return gst_plugin_feature_get_rank(feature)
    }

    @Test("off gives every hardware video decoder rank NONE and leaves software ones; auto gives the ranks back")
    func offAndBack() throws {
        try #require(Self.standIn)
        defer { DecoderRanks.apply(.auto) }
        let software = try #require(rank(of: "avdec_h264"), "gst-libav's H.264 decoder is installed")

        DecoderRanks.apply(.off)
        let lowered = DecoderRanks.hardwareDecoders()
        #expect(lowered.contains { $0.name == Self.standInName }, "\(lowered)")
        #expect(lowered.allSatisfy { $0.rank == 0 }, "no hardware decoder can be plugged: \(lowered)")
        #expect(rank(of: "avdec_h264") == software)
        DecoderRanks.apply(.off) // twice is the same as once: the original rank is kept
        DecoderRanks.apply(.auto)
        #expect(rank(of: Self.standInName) == Self.standInRank, "auto restores the plugin's rank")
        #expect(rank(of: "avdec_h264") == software)
    }

    @Test("a player here decodes in software under auto and under off, and names its decoder")
    func playerNamesItsDecoder() async throws {
        let clips = try PlaybackClips.get()
        for mode in HardwareDecoding.allCases {
            DecoderRanks.apply(mode)
            defer { DecoderRanks.apply(.auto) }
            let player = try VideoPlayer(id: 90)
            defer { player.destroy() }
            let recorder = PlayerRecorder(player)
            let generation = player.load(uri: clips.videos[0].absoluteString, box: PixelSize(width: 64, height: 64), fit: .cover)
            let ready = await pumpUntil { recorder.saw(.prerolled, generation: generation) || recorder.failure(of: generation) != nil }
            #expect(ready && recorder.failure(of: generation) == nil, "\(mode)")
            let decoder = try #require(player.decoder, "\(mode): a prerolled video has a decoder")
            #expect(decoder.kind == .softwareVideoDecoder, "\(mode): \(decoder.name)")
            #expect(decoder.name == "avdec_h264", "\(mode): the demo clips are H.264")
        }
    }
}
