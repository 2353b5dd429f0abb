import FeedGObject
import FeedCore
import FeedMedia

extension ErrorCode {
    /// What the error card says, in words a viewer understands.
    func message(httpStatus: Int?) -> String {
        switch self {
        case .networkUnavailable: return tr("You’re offline. The video will load when the network is back.")
        case .httpError:
            if let httpStatus, httpStatus == 401 || httpStatus == 403 {
                return tr("This video isn’t available: the server refused it (%1$s).").filled(String(httpStatus))
            }
            if let httpStatus { return tr("The server could not send this video (%1$s).").filled(String(httpStatus)) }
            return tr("The server could not send this video.")
        case .tlsError: return tr("The media server’s certificate isn’t trusted, so Flick won’t connect to it.")
        case .timeout: return tr("The video took too long to arrive.")
        case .sourceNotFound: return tr("This video no longer exists.")
        case .unsupportedFormat: return tr("This video’s format can’t be played.")
        case .decoderInitFailed: return tr("No video decoder could be started for this video.")
        case .decodeFailed: return tr("This video is damaged and can’t be played.")
        case .imageDecodeFailed: return tr("This picture is damaged and can’t be shown.")
        case .cacheCorrupt: return tr("The saved copy of this video was damaged.")
        case .cacheUnavailable: return tr("This video could not be saved to the media cache.")
        case .playerFailed, .unknown: return tr("Something went wrong while playing this video.")
        }
    }

    /// What the page says when a photo post's picture cannot be shown. The
    /// words never hold a path or URL: the picture may be a cache file.
    func pictureMessage(httpStatus: Int?) -> String {
        switch self {
        case .networkUnavailable: return tr("You’re offline. The picture will load when the network is back.")
        case .httpError:
            if let httpStatus { return tr("The server could not send this picture (%1$s).").filled(String(httpStatus)) }
            return tr("The server could not send this picture.")
        case .tlsError: return tr("The picture server’s certificate isn’t trusted, so Flick won’t connect to it.")
        case .timeout: return tr("The picture took too long to arrive.")
        case .sourceNotFound: return tr("This picture no longer exists.")
        case .cacheUnavailable: return tr("This picture could not be saved: the media cache is full or cannot be written.")
        case .imageDecodeFailed, .unsupportedFormat, .decodeFailed, .cacheCorrupt:
            return tr("This picture is damaged, too large or in a format Flick can’t show.")
        case .decoderInitFailed, .playerFailed, .unknown: return tr("Something went wrong while loading this picture.")
        }
    }
}
