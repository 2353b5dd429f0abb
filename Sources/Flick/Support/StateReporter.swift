import FeedUI
import Foundation

/// Prints the feed's state as one JSON object per line on stdout
/// (`--report-state`), for tests and tools. The keys are a stable interface.
@MainActor
final class StateReporter {
    /// What the window shows.
    enum Phase: String, Codable {
        /// Getting the feed ready (the demo feed's first run makes its media).
        case loading
        /// Pages of the feed.
        case feed
        /// The feed has no items.
        case empty
        /// The feed could not be opened.
        case error
    }

    private struct Line: Codable, Equatable {
        var phase: Phase
        var currentIndex: Int
        var currentID: String?
        var mountedPages: Int
        var itemCount: Int
        var skeletonPages: Int
        var settled: Bool
        var currentReady: Bool
        var playersAlive: Int
        var playersPrepared: Int
        var playersPlaying: Int
        var playersUnmuted: Int
        var muted: Bool
        var ttffMilliseconds: Double?
        var currentFrameSource: String?
        var currentURI: String?
        var currentError: String?
        var currentErrorRetryable: Bool?
        var currentLiked: Bool?
        var currentLikes: Int?
        var toastsShown: Int
        var likesPending: Bool
        var progress: Double?

        enum CodingKeys: String, CodingKey {
            case phase
            case currentIndex = "current_index"
            case currentID = "current_id"
            case mountedPages = "mounted_pages"
            case itemCount = "item_count"
            case skeletonPages = "skeleton_pages"
            case settled
            case currentReady = "current_ready"
            case playersAlive = "players_alive"
            case playersPrepared = "players_prepared"
            case playersPlaying = "players_playing"
            case playersUnmuted = "players_unmuted"
            case muted
            case ttffMilliseconds = "ttff_ms"
            case currentFrameSource = "current_frame_source"
            case currentURI = "current_uri"
            case currentError = "current_error"
            case currentErrorRetryable = "current_error_retryable"
            case currentLiked = "current_liked"
            case currentLikes = "current_likes"
            case toastsShown = "toasts_shown"
            case likesPending = "likes_pending"
            case progress
        }
    }

    private let enabled: Bool
    private var last: Line?
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    init(enabled: Bool) { self.enabled = enabled }

    func report(phase: Phase, feed: FeedState? = nil, progress: Double? = nil) {
        guard enabled else { return }
        let line = Line(phase: phase,
                        currentIndex: feed?.currentIndex ?? 0,
                        currentID: feed?.currentID,
                        mountedPages: feed?.mountedPages ?? 0,
                        itemCount: feed?.itemCount ?? 0,
                        skeletonPages: feed?.skeletonPages ?? 0,
                        settled: feed?.settled ?? true,
                        currentReady: feed?.currentReady ?? false,
                        playersAlive: feed?.playersAlive ?? 0,
                        playersPrepared: feed?.playersPrepared ?? 0,
                        playersPlaying: feed?.playersPlaying ?? 0,
                        playersUnmuted: feed?.playersUnmuted ?? 0,
                        muted: feed?.muted ?? true,
                        ttffMilliseconds: feed?.ttffMilliseconds.map { ($0 * 10).rounded() / 10 },
                        currentFrameSource: feed?.currentFrameSource,
                        currentURI: feed?.currentURI,
                        currentError: feed?.currentError,
                        currentErrorRetryable: feed?.currentErrorRetryable,
                        currentLiked: feed?.currentLiked,
                        currentLikes: feed?.currentLikes,
                        toastsShown: feed?.toastsShown ?? 0,
                        likesPending: feed?.likesPending ?? false,
                        progress: progress.map { ($0 * 100).rounded() / 100 })
        guard line != last, let data = try? encoder.encode(line) else { return }
        last = line
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}
