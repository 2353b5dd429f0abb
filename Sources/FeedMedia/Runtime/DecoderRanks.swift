import CGLib
internal import CGStreamer
import FeedCore

/// Carries out `hardware-decoding` on GStreamer's registry: under `off`
/// every hardware video decoder (klass `…/Decoder/Video/Hardware`: VA-API,
/// V4L2 stateless, NVDEC, …) gets rank NONE, so no playbin of this process
/// plugs one; `auto` gives them back the ranks their plugins registered.
/// The registry is the process's, so this is too: it keeps only the
/// ranks it changed, to restore them. GTK thread.
@MainActor
public enum DecoderRanks {
    /// The ranks hardware decoders had before `off` lowered them, by factory name.
    private static var lowered: [String: UInt32] = [:]

    /// Applies `mode` to every video decoder in the registry.
    public static func apply(_ mode: HardwareDecoding) {
        for (feature, kind, name) in videoDecoders() where kind == .hardwareVideoDecoder {
            let rank = gst_plugin_feature_get_rank(feature)
            let original = lowered[name] ?? rank
            let wanted = UInt32(kind.rank(original: Int(original), under: mode))
            if mode == .off, rank != wanted { lowered[name] = original }
            if mode == .auto { lowered[name] = nil }
            gst_plugin_feature_set_rank(feature, wanted)
        }
    }

    /// Every hardware video decoder in the registry with its rank now.
    public static func hardwareDecoders() -> [(name: String, rank: UInt32)] {
        videoDecoders().filter { $0.kind == .hardwareVideoDecoder }
            .map { ($0.name, gst_plugin_feature_get_rank($0.feature)) }
    }

    /// The video decoder factories of the registry.
    private static func videoDecoders() -> [(feature: OpaquePointer, kind: DecoderKind, name: String)] {
        guard let list = gst_registry_get_feature_list(gst_registry_get(), gst_element_factory_get_type()) else { return [] }
        defer { gst_plugin_feature_list_free(list) }
        return factories(in: list).compactMap { factory in
            guard let klass = ElementFactory.klass(factory) else { return nil }
            let kind = DecoderKind(klass: klass)
            guard kind != .other, let name = ElementFactory.name(factory) else { return nil }
            return (factory, kind, name)
        }
    }

    /// The factories of a GStreamer feature list, in order. The list holds
    /// a reference on each until it is freed; the registry keeps them alive
    /// beyond that.
    private static func factories(in list: UnsafeMutablePointer<GList>) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let item = node {
            if let data = item.pointee.data { found.append(OpaquePointer(data)) }
            node = item.pointee.next
        }
        return found
    }
}

extension DecoderRanks {
    /// The video formats a bug report names the decoder of.
    public static let reportedFormats: [(name: String, caps: String)] = [
        ("H.264", "video/x-h264, stream-format=(string)avc, alignment=(string)au"),
        ("HEVC", "video/x-h265, stream-format=(string)hvc1, alignment=(string)au"),
        ("VP9", "video/x-vp9"),
        ("AV1", "video/x-av1"),
    ]

    /// The decoder a playbin of this process would plug for each of
    /// ``reportedFormats`` now (the highest rank that takes its caps), and
    /// whether it is a hardware one; nil where none is installed.
    public static func preferredDecoders() -> [(format: String, decoder: String?, hardware: Bool)] {
        // Every decoder (GST_ELEMENT_FACTORY_TYPE_DECODER, a macro Swift does
        // not import); each format's caps pick the video ones.
        let decoders: GstElementFactoryListType = 1 << 0
        guard let all = gst_element_factory_list_get_elements(decoders, GST_RANK_MARGINAL) else {
            return reportedFormats.map { ($0.name, nil, false) }
        }
        defer { gst_plugin_feature_list_free(all) }
        return reportedFormats.map { format in
            guard let caps = gst_caps_from_string(format.caps) else { return (format.name, nil, false) }
            defer { gst_caps_unref(caps) }
            guard let fitting = gst_element_factory_list_filter(all, caps, GST_PAD_SINK, 0) else { return (format.name, nil, false) }
            defer { gst_plugin_feature_list_free(fitting) }
            let ranked = factories(in: fitting).map { (factory: $0, rank: gst_plugin_feature_get_rank($0)) }
            guard let best = ranked.filter({ $0.rank > GST_RANK_NONE.rawValue }).max(by: { $0.rank < $1.rank }) else {
                return (format.name, nil, false)
            }
            let kind = ElementFactory.klass(best.factory).map(DecoderKind.init(klass:))
            return (format.name, ElementFactory.name(best.factory), kind == .hardwareVideoDecoder)
        }
    }
}
