// Pure: values only, imports Foundation at most.

/// What happens when the current post is over — a video or sound reached
/// its end, or a photo (or a GIF-like clip, which loops on its own) has
/// been shown for its time — and whether its shown time is counted at all.
/// The session acts on the answer; the table `post-ending.json` is the spec.
public enum PostEnding {
    /// The current post, as the decision sees it.
    public enum Post: String, Sendable, Codable, CaseIterable {
        case video
        case sound
        case photo
        /// Mastodon's `gifv`: played, but looping and silent like a GIF.
        case silentLoop
    }

    /// Why the post is over.
    public enum Trigger: String, Sendable, Codable {
        /// The player reached the end (it does not loop by itself).
        case reachedEnd
        /// The post's shown time ran out.
        case timeUp
    }

    /// What the feed does.
    public enum Action: String, Sendable, Codable {
        /// Play the post again from its start.
        case restart
        /// Page to the next post, with the usual animation.
        case advance
        /// Leave the post as it is.
        case stay
    }

    public struct Input: Sendable, Equatable, Codable {
        public var whenFinished: WhenFinished
        public var post: Post
        public var trigger: Trigger
        /// The page shows an error card: the user should see it.
        public var showsError: Bool
        /// The post is the last one loaded, and the feed has no more.
        public var lastOfEndedFeed: Bool

        public init(whenFinished: WhenFinished, post: Post, trigger: Trigger, showsError: Bool = false,
                    lastOfEndedFeed: Bool = false) {
            self.whenFinished = whenFinished
            self.post = post
            self.trigger = trigger
            self.showsError = showsError
            self.lastOfEndedFeed = lastOfEndedFeed
        }
    }

    public static func decide(_ input: Input) -> Action {
        if input.showsError { return .stay }
        switch input.whenFinished {
        case .loop:
            // Players loop by themselves; one that reports its end is told again.
            return input.trigger == .reachedEnd ? .restart : .stay
        case .stop:
            // A GIF-like clip loops whatever the setting, as a GIF would.
            return input.trigger == .reachedEnd && input.post == .silentLoop ? .restart : .stay
        case .next:
            if input.lastOfEndedFeed {
                return input.trigger == .reachedEnd && input.post == .silentLoop ? .restart : .stay
            }
            if input.trigger == .reachedEnd, input.post == .silentLoop { return .restart }
            return .advance
        }
    }

    /// Whether the post's shown time is counted (with a progress line):
    /// photos and GIF-like clips under `next`, while someone can see them,
    /// unless an error card is up or nothing comes after it.
    public static func timesPost(whenFinished: WhenFinished, post: Post, showsError: Bool, lastOfEndedFeed: Bool,
                                 visible: Bool) -> Bool {
        guard whenFinished == .next, visible, !showsError, !lastOfEndedFeed else { return false }
        return post == .photo || post == .silentLoop
    }
}
