import FeedCore
import FeedSources

/// Why a picture or a video frame could not be decoded, as one line a person can act on.
/// The first value is always the file path or URI: for logs, never for the
/// page's card (a cached picture's path is the cache's business).
public enum MediaDecodeError: Error, CustomStringConvertible, Equatable, Sendable {
    case unreadable(String, reason: String)
    /// A folder, a named pipe, a socket or a device where a file should be:
    /// refused without opening it (a pipe's open would never return).
    case notAFile(String, what: String)
    case notAnImage(String)
    case corrupt(String, reason: String)
    /// The header claims more pixels than a picture may have; refused before decoding.
    case tooManyPixels(String, width: Int, height: Int, limit: Int)
    case notAVideo(String, reason: String)
    case timedOut(String, seconds: Double)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "Cannot read \(path) (\(reason)): check that it exists and that you may read it."
        case .notAFile(let path, let what):
            return "\(path) is \(what), not a file; Flick shows pictures and videos from files."
        case .notAnImage(let path):
            let formats = MediaContentType.pictureFormatNames.map { $0.uppercased() }.joined(separator: ", ")
            return "\(path) is not a picture Flick can show (it shows \(formats))."
        case .corrupt(let path, let reason):
            return "The picture \(path) is damaged (\(reason))."
        case .tooManyPixels(let path, let width, let height, let limit):
            return "The picture \(path) is \(width)×\(height) pixels, more than the \(limit / 1_000_000) megapixels Flick decodes."
        case .notAVideo(let uri, let reason):
            return "\(uri) is not a video Flick can play (\(reason))."
        case .timedOut(let uri, let seconds):
            return "Opening \(uri) took longer than \(Int(saturating: seconds)) s; it may be too slow to reach."
        }
    }

    /// What went wrong, in FeedCore's terms (``PictureErrorRule``).
    public var problem: PictureErrorRule.Problem {
        switch self {
        case .unreadable: return .unreadable
        case .notAFile: return .notAFile
        case .notAnImage: return .notAnImage
        case .corrupt: return .corrupt
        case .tooManyPixels: return .tooManyPixels
        case .notAVideo: return .notAVideo
        case .timedOut: return .timedOut
        }
    }
}
