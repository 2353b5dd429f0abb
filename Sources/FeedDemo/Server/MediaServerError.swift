import FeedMedia
/// Why the media server could not start.
public enum MediaServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `start()` or `startOnOwnThread()` was called on a running server.
    case alreadyRunning
    /// libsoup could not listen on the loopback interface.
    case listenFailed(String)

    public var description: String {
        switch self {
        case .alreadyRunning: "The media server is already running"
        case .listenFailed(let reason): "The media server could not listen on loopback: \(reason)"
        }
    }
}
