// Pure: values only, imports Foundation at most.

/// What a captions file says it is: its name's ending for a file beside a
/// clip, a feed's MIME type (else its address's ending) for a remote one.
/// GStreamer is told the format (the caps its parser takes) instead of
/// guessing it: its type finder reads 129 bytes before it calls a file
/// SRT, so a one-cue file was never shown. The table `caption-formats.json`
/// is the spec.
public enum CaptionFormat: String, Sendable, Hashable, Codable, CaseIterable {
    case subRip = "srt"
    case webVTT = "vtt"

    /// The file ending Flick keeps this format under.
    public var fileExtension: String { rawValue }

    /// The caps of GStreamer's `subparse` for this format.
    public var caps: String {
        switch self {
        case .subRip: return "application/x-subtitle"
        case .webVTT: return "application/x-subtitle-vtt"
        }
    }

    /// The format a file name's ending declares (any case); nil for another.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return nil }
        self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
    }

    /// The format a remote captions file declares: its MIME type when that
    /// names one (`text/vtt`, `application/x-subrip`, `application/srt`…,
    /// parameters ignored), else its address's ending; nil when neither does.
    public static func declared(mimeType: String?, address: String) -> CaptionFormat? {
        let type = mimeType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        switch type {
        case "text/vtt", "text/webvtt": return .webVTT
        case "application/x-subrip", "application/srt", "application/x-srt", "text/srt", "text/x-srt": return .subRip
        default: break
        }
        let path = address.split(separator: "#").first.flatMap { $0.split(separator: "?").first } ?? ""
        return CaptionFormat(fileName: String(path.split(separator: "/").last ?? ""))
    }
}
