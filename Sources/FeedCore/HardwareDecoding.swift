// Pure: values only, imports Foundation at most.

/// Whether GStreamer may pick hardware video decoders (VA-API and the
/// like) for Flick's players: the `hardware-decoding` setting and the
/// `--hardware-decoding` option.
public enum HardwareDecoding: String, Sendable, Hashable, Codable, CaseIterable {
    /// Decoders keep the ranks their plugins gave them: playbin takes a
    /// hardware decoder where one ranks highest.
    case auto
    /// Hardware video decoders get rank NONE, so playbin never plugs one.
    case off
}

/// What kind of element a GStreamer factory's klass string says it is,
/// as far as video decoding goes (`Codec/Decoder/Video/Hardware`, …).
public enum DecoderKind: String, Sendable, Hashable, Codable {
    case hardwareVideoDecoder
    case softwareVideoDecoder
    /// Not a video decoder (a demuxer, an audio decoder, a sink, …).
    case other

    /// Reads a klass string: its parts are separated by "/", compared
    /// exactly (GStreamer's own convention).
    public init(klass: String) {
        let parts = Set(klass.split(separator: "/").map(String.init))
        guard parts.contains("Decoder"), parts.contains("Video") else {
            self = .other
            return
        }
        self = parts.contains("Hardware") ? .hardwareVideoDecoder : .softwareVideoDecoder
    }

    /// The rank a factory of this kind gets under `mode`, given the rank
    /// its plugin registered (`original`, GStreamer's 0…256+ scale).
    public func rank(original: Int, under mode: HardwareDecoding) -> Int {
        switch (self, mode) {
        case (.hardwareVideoDecoder, .off): return 0
        default: return original
        }
    }
}
