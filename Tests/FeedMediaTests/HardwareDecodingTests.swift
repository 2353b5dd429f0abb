import CGLib
import CGStreamer
import FeedCore
import FlickTestSupport
import Foundation
import Testing
import FeedGObject
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

    /// Instances of the failing stand-in made so far (streaming threads make them).
    static let failingMade = AtomicCounter()

    /// A stand-in hardware H.264 decoder that fails on its first buffer, as
    /// a VA-API decoder does when the device cannot decode the stream:
    /// it posts a decode error and returns a flow error.
    static let failingStandIn: Bool = {
        try? MediaRuntime.initialize()
        let type = g_type_register_static_simple(gst_element_get_type(), "FlickTestFailingHardwareDecoder",
                                                 guint(MemoryLayout<GstElementClass>.size), { klass, _ in
            guard let klass else { return }
            let element = klass.assumingMemoryBound(to: GstElementClass.self)
            gst_element_class_set_static_metadata(element, "Failing stand-in hardware decoder", "Codec/Decoder/Video/Hardware",
                                                  "Fails on its first buffer", "Flick")
            gst_element_class_add_pad_template(element, gst_pad_template_new("sink", GST_PAD_SINK, GST_PAD_ALWAYS,
                                                                             gst_caps_from_string("video/x-h264")))
            gst_element_class_add_pad_template(element, gst_pad_template_new("src", GST_PAD_SRC, GST_PAD_ALWAYS,
                                                                             gst_caps_from_string("video/x-raw")))
        }, guint(MemoryLayout<GstElement>.size), { instance, klass in
            guard let instance, let klass else { return }
            failingMade.add(1)
            let element = UnsafeMutableRawPointer(instance).assumingMemoryBound(to: GstElement.self)
            let elementClass = UnsafeMutableRawPointer(klass).assumingMemoryBound(to: GstElementClass.self)
            for name in ["sink", "src"] {
                guard let template = gst_element_class_get_pad_template(elementClass, name),
                      let pad = gst_pad_new_from_template(template, name) else { continue }
                if name == "sink" {
                    gst_pad_set_chain_function_full(pad, { pad, parent, buffer in
                        if let buffer { gst_mini_object_unref(UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: GstMiniObject.self)) }
                        if let parent {
                            gst_element_message_full(UnsafeMutableRawPointer(parent).assumingMemoryBound(to: GstElement.self),
                                                     GST_MESSAGE_ERROR, gst_stream_error_quark(), Int32(GST_STREAM_ERROR_DECODE.rawValue),
                                                     g_strdup("the stand-in device cannot decode this stream"), nil,
                                                     #fileID, #function, Int32(#line))
                        }
                        return GST_FLOW_ERROR
                    }, nil, nil)
                }
                gst_element_add_pad(element, pad)
            }
        }, GTypeFlags(rawValue: 0))
        return gst_element_register(nil, "flicktestfailinghwdec", GST_RANK_NONE.rawValue, type) != 0
    }()

    private func setRank(of name: String, _ rank: UInt32) {
        guard let feature = gst_registry_find_feature(gst_registry_get(), name, gst_element_factory_get_type()) else { return }
        gst_plugin_feature_set_rank(feature, rank)
        gst_object_unref(UnsafeMutableRawPointer(feature))
    }

    @Test("a hardware decoder that fails before the first frame: the post opens again in software, once, with no error shown")
    func fallsBackToSoftwareOnce() async throws {
        try #require(Self.failingStandIn)
        let clips = try PlaybackClips.get()
        // Above every software decoder while this test runs, out of the way after.
        setRank(of: "flicktestfailinghwdec", Self.standInRank)
        defer { setRank(of: "flicktestfailinghwdec", 0) }
        let before = Self.failingMade.load()
        let player = try VideoPlayer(id: 91)
        defer { player.destroy() }
        let recorder = PlayerRecorder(player)
        let generation = player.load(uri: clips.videos[0].absoluteString, box: PixelSize(width: 64, height: 64), fit: .cover)
        let ready = await pumpUntil { recorder.saw(.prerolled, generation: generation) || recorder.failure(of: generation) != nil }
        #expect(ready)
        #expect(Self.failingMade.load() > before, "the stand-in was plugged first")
        #expect(recorder.failure(of: generation) == nil, "\(String(describing: recorder.failure(of: generation)))")
        #expect(player.decoder?.name == "avdec_h264", "\(String(describing: player.decoder))")
        #expect(!recorder.frames(of: generation).isEmpty, "the software decoder's first frame arrived")
    }

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
