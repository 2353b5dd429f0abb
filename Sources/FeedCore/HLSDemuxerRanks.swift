// Pure: values only, imports Foundation at most.

/// Which of GStreamer 1.22's two HLS demuxers playbin is to plug: the older
/// `hlsdemux` reads every segment through a source element made from the
/// segment's address, so segments beside a cached playlist come back to
/// Flick's cache source; `hlsdemux2` downloads them with a client of its
/// own, which no element of Flick's can serve. So `hlsdemux2` is ranked
/// just under `hlsdemux` when both are installed and it outranks it, and
/// left alone otherwise (a user's `GST_PLUGIN_FEATURE_RANK=hlsdemux:NONE`
/// keeps `hlsdemux2`). The table `hls-demuxer.json` is the spec.
public enum HLSDemuxerRanks {
    /// What to do with the registry's ranks (GStreamer's 0…256+ scale).
    public struct Decision: Sendable, Equatable, Codable {
        /// The rank to give `hlsdemux2`; nil: leave it.
        public var newerRank: Int?
        /// Whether playbin will plug `hlsdemux` afterwards.
        public var legacyPlugged: Bool

        public init(newerRank: Int?, legacyPlugged: Bool) {
            self.newerRank = newerRank
            self.legacyPlugged = legacyPlugged
        }
    }

    /// - Parameters:
    ///   - legacy: `hlsdemux`'s rank; nil when it is not installed.
    ///   - newer: `hlsdemux2`'s rank; nil when it is not installed.
    public static func decide(legacy: Int?, newer: Int?) -> Decision {
        guard let legacy else { return Decision(newerRank: nil, legacyPlugged: false) }
        guard let newer else { return Decision(newerRank: nil, legacyPlugged: legacy > 0) }
        if newer >= legacy, legacy > 0 { return Decision(newerRank: legacy - 1, legacyPlugged: true) }
        return Decision(newerRank: nil, legacyPlugged: legacy > newer)
    }
}
