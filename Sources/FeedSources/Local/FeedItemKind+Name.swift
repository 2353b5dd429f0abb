import FeedCore
import FeedGObject

extension FeedItem.Kind {
    /// The word screen readers and captions use for it, in the user's language.
    public var localizedName: String {
        switch self {
        case .video: tr("Video")
        case .image: tr("Picture")
        case .audio: tr("Audio")
        }
    }
}
