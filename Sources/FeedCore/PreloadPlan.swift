// Pure: values only, imports Foundation at most.

/// What to do with each item around the current one, as decided by
/// `PreloadPolicy.plan(_:)`. FeedMedia applies it by comparing it with what it
/// already holds: players it does not need are released, missing work started.
public struct PreloadPlan: Sendable, Equatable, Codable {
    /// How urgent an item's work is; lower goes first, P0 is the current item.
    public enum Priority: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
        /// The current item.
        case p0 = "P0"
        /// The next item in the scroll direction.
        case p1 = "P1"
        /// The item after next.
        case p2 = "P2"
        /// The previous item and anything further.
        case p3 = "P3"

        /// P0 sorts before P1, and so on.
        public static func < (lhs: Priority, rhs: Priority) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// What to do with an item's video.
    public enum VideoWork: String, Sendable, Hashable, Codable, CaseIterable {
        /// Play it with sound allowed: the current item only.
        case play
        /// Hold a paused player with its first frame, so arriving shows a frame.
        case prepare
        /// Fetch only the startup range to the disk cache; no player.
        case startup
        /// Show only the poster still.
        case poster
        /// Nothing at all.
        case nothing
    }

    /// What to do with an item's picture (a photo post, or a video's poster).
    public enum ImageWork: String, Sendable, Hashable, Codable, CaseIterable {
        /// Show it now: the current item only.
        case display
        /// Decode it at page size so it can be shown without a wait.
        case decode
        /// Fetch its bytes to the disk cache without decoding.
        case fetch
        /// Nothing at all.
        case nothing
    }

    /// The work planned for one index.
    public struct Entry: Sendable, Equatable, Codable {
        /// The item's index in the feed.
        public var index: Int
        /// How urgent this work is.
        public var priority: Priority
        /// What to do with the item's video.
        public var video: VideoWork
        /// What to do with the item's picture.
        public var image: ImageWork

        /// Creates an entry.
        public init(index: Int, priority: Priority, video: VideoWork, image: ImageWork) {
            self.index = index
            self.priority = priority
            self.video = video
            self.image = image
        }
    }

    /// How much of a video to fetch before playback can start: enough to
    /// begin without stalling, never the whole file.
    public struct StartupRange: Sendable, Equatable, Codable {
        /// Bytes from the start of the file.
        public var bytes: Int
        /// The play time those bytes should cover, in milliseconds.
        public var milliseconds: Int

        /// Creates a startup range.
        public init(bytes: Int, milliseconds: Int) {
            self.bytes = bytes
            self.milliseconds = milliseconds
        }

        /// 1.5 MiB, about 3 s: on an unmetered network.
        public static let normal = StartupRange(bytes: 1536 * 1024, milliseconds: 3000)
        /// 512 KiB, about 1 s: on a metered network or with data saver on.
        public static let metered = StartupRange(bytes: 512 * 1024, milliseconds: 1000)
    }

    /// Planned indices in the order to work on them: by priority, then by
    /// distance from the current item. Indices not listed get nothing.
    public var entries: [Entry]
    /// The startup range for every `startup` and `prepare` fetch in this plan.
    public var startupRange: StartupRange

    /// Creates a plan.
    public init(entries: [Entry], startupRange: StartupRange) {
        self.entries = entries
        self.startupRange = startupRange
    }

    /// The entry for an index, or nil when the plan does nothing there.
    public func entry(at index: Int) -> Entry? {
        entries.first { $0.index == index }
    }

    /// Planned indices, in work order.
    public var indices: [Int] {
        entries.map(\.index)
    }

    /// How many paused players the plan holds besides the playing one.
    public var preparedCount: Int {
        entries.filter { $0.video == .prepare }.count
    }
}
