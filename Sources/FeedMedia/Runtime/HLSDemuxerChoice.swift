internal import CGStreamer
import FeedCore

/// Carries out FeedCore's ``HLSDemuxerRanks`` on GStreamer's registry:
/// which of GStreamer 1.22's two HLS demuxers playbin plugs.
///
/// `hlsdemux2` (gst-plugins-good, rank primary + 1) downloads segments
/// with a libsoup client of its own, which no element of ours can serve.
/// The older `hlsdemux` (gst-plugins-bad, rank primary) reads every
/// segment through a source element made from the segment's address, so
/// segments named beside a `flick-cache-http(s)` playlist come back to the
/// cache source. Preferring it is a change to the process's registry, so
/// it holds for every player of the process; making it again changes
/// nothing. `GST_PLUGIN_FEATURE_RANK=hlsdemux:NONE` keeps `hlsdemux2`, but
/// 1.22's `hlsdemux2` plugs only under playbin3: Flick's playbin then finds
/// no HLS demuxer, and an HLS post says a plug-in is missing.
public enum HLSDemuxerChoice {
    /// Ranks `hlsdemux2` just under `hlsdemux` when both are installed and
    /// it outranks it; nothing otherwise. Returns whether `hlsdemux` is
    /// the one playbin will plug.
    @discardableResult
    public static func preferSourceElementDemuxer() -> Bool {
        let registry = gst_registry_get()
        guard let legacy = gst_registry_lookup_feature(registry, "hlsdemux") else { return false }
        defer { gst_object_unref(UnsafeMutableRawPointer(legacy)) }
        let legacyRank = Int(gst_plugin_feature_get_rank(legacy))
        let newer = gst_registry_lookup_feature(registry, "hlsdemux2")
        defer { if let newer { gst_object_unref(UnsafeMutableRawPointer(newer)) } }
        let decision = HLSDemuxerRanks.decide(legacy: legacyRank, newer: newer.map { Int(gst_plugin_feature_get_rank($0)) })
        if let newer, let rank = decision.newerRank { gst_plugin_feature_set_rank(newer, guint(rank)) }
        return decision.legacyPlugged
    }
}
