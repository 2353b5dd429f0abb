/// `--report-state`'s keys about where the post on screen came from:
/// `post_source` (the address of its source, as in `sources`; in For You,
/// the source the mix took it from), `mix_reason` (why the mix picked it,
/// the words "Why am I seeing this?" says; empty outside For You) and
/// `mix_reason_codes` (the same reasons in stable English: `liked-tag:cats`,
/// `exploring`). Stable keys.
struct MixReport: Encodable, Equatable {
    var postSource: String
    var mixReason: String
    var mixReasonCodes: [String]

    /// A post no mix picked, from the source at `postSource` (empty: none known).
    static func single(_ postSource: String = "") -> MixReport {
        MixReport(postSource: postSource, mixReason: "", mixReasonCodes: [])
    }

    enum CodingKeys: String, CodingKey {
        case postSource = "post_source"
        case mixReason = "mix_reason"
        case mixReasonCodes = "mix_reason_codes"
    }
}
