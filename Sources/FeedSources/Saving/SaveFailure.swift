import FeedGObject

/// Why a post was not saved, as one line a person can act on.
public enum SaveFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The post is a file on this computer already.
    case local
    /// An HLS stream: many files, not one to save.
    case streamed
    /// Without a media cache there is nowhere to gather the file.
    case noCache
    /// The download failed; why.
    case download(String)
    /// The server did not say how long the file is, so it cannot be known whole.
    case unknownLength
    /// The destination's disk is full.
    case diskFull
    /// The file could not be written; why.
    case write(String)
    /// The user cancelled.
    case cancelled

    public var description: String {
        switch self {
        case .local: tr("This post is a file on this computer already")
        case .streamed: tr("This post is streamed in many small files and cannot be saved as one file")
        case .noCache: tr("Saving needs the media cache, which is not open")
        case .download(let why): tr("The download failed: %1$s").filled(why)
        case .unknownLength: tr("The server did not say how long the file is")
        case .diskFull: tr("The disk is full")
        case .write(let why): tr("The file could not be written: %1$s").filled(why)
        case .cancelled: tr("Cancelled")
        }
    }
}
