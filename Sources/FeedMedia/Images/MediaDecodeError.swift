/// Why a picture or a video frame could not be decoded, as one line a person can act on.
/// The first value is always the file path or URI.
public enum MediaDecodeError: Error, CustomStringConvertible, Equatable, Sendable {
    case unreadable(String, reason: String)
    case notAnImage(String)
    case corrupt(String, reason: String)
    case notAVideo(String, reason: String)
    case timedOut(String, seconds: Double)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "Cannot read \(path) (\(reason)): check that it exists and that you may read it."
        case .notAnImage(let path):
            return "\(path) is not a picture Flick can show (JPEG, PNG, WebP, GIF, ... are supported)."
        case .corrupt(let path, let reason):
            return "The picture \(path) is damaged (\(reason))."
        case .notAVideo(let uri, let reason):
            return "\(uri) is not a video Flick can play (\(reason))."
        case .timedOut(let uri, let seconds):
            return "Opening \(uri) took longer than \(Int(seconds)) s; it may be too slow to reach."
        }
    }
}
