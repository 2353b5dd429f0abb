import FeedCore
import FeedMedia

extension ErrorCode {
    /// What the error card says, in words a viewer understands.
    func message(httpStatus: Int?) -> String {
        switch self {
        case .networkUnavailable: return "You’re offline. The video will load when the network is back."
        case .httpError:
            if let httpStatus, httpStatus == 401 || httpStatus == 403 {
                return "This video isn’t available: the server refused it (\(httpStatus))."
            }
            if let httpStatus { return "The server could not send this video (\(httpStatus))." }
            return "The server could not send this video."
        case .tlsError: return "The media server’s certificate isn’t trusted, so Flick won’t connect to it."
        case .timeout: return "The video took too long to arrive."
        case .sourceNotFound: return "This video no longer exists."
        case .unsupportedFormat: return "This video’s format can’t be played."
        case .decoderInitFailed: return "No video decoder could be started for this video."
        case .decodeFailed: return "This video is damaged and can’t be played."
        case .imageDecodeFailed: return "This picture is damaged and can’t be shown."
        case .cacheCorrupt: return "The saved copy of this video was damaged."
        case .cacheUnavailable: return "This video could not be saved to the media cache."
        case .playerFailed, .unknown: return "Something went wrong while playing this video."
        }
    }

    /// What the page says when a photo post's picture cannot be shown. The
    /// words never hold a path or URL: the picture may be a cache file.
    func pictureMessage(httpStatus: Int?) -> String {
        switch self {
        case .networkUnavailable: return "You’re offline. The picture will load when the network is back."
        case .httpError:
            if let httpStatus { return "The server could not send this picture (\(httpStatus))." }
            return "The server could not send this picture."
        case .tlsError: return "The picture server’s certificate isn’t trusted, so Flick won’t connect to it."
        case .timeout: return "The picture took too long to arrive."
        case .sourceNotFound: return "This picture no longer exists."
        case .cacheUnavailable: return "This picture could not be saved: the media cache is full or cannot be written."
        case .imageDecodeFailed, .unsupportedFormat, .decodeFailed, .cacheCorrupt:
            return "This picture is damaged, too large or in a format Flick can’t show."
        case .decoderInitFailed, .playerFailed, .unknown: return "Something went wrong while loading this picture."
        }
    }
}
