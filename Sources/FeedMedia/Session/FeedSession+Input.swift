import FeedCore

extension FeedSession {
    /// What the view knows and the session plans from, pushed whole after
    /// every landing, gesture release, resize or fit change. Values only.
    public struct Input: Sendable, Equatable {
        /// The page the feed is on or landing on.
        public var currentIndex = 0
        /// Which way the feed last moved.
        public var direction: ScrollDirection = .forward
        /// Pages per second at the last gesture's release (0 after key moves).
        public var releaseVelocity = 0.0
        /// One page's size in device pixels (what frames are scaled to); 0
        /// before the first layout, when nothing is planned.
        public var pixelBox = PixelSize(width: 0, height: 0)
        /// Cover crops to fill the page, contain letterboxes.
        public var fit = ContentFit.cover
        /// The current page already shows a painted video frame of its item
        /// (its time to first frame is then 0).
        public var currentFramePainted = false

        public init(currentIndex: Int = 0, direction: ScrollDirection = .forward, releaseVelocity: Double = 0,
                    pixelBox: PixelSize = PixelSize(width: 0, height: 0), fit: ContentFit = .cover,
                    currentFramePainted: Bool = false) {
            self.currentIndex = currentIndex
            self.direction = direction
            self.releaseVelocity = releaseVelocity
            self.pixelBox = pixelBox
            self.fit = fit
            self.currentFramePainted = currentFramePainted
        }
    }

    /// How the feed plays, as the app's settings and the desktop say; set
    /// by the app, kept across views. Values only.
    public struct Preferences: Sendable, Equatable {
        /// Whether a post starts playing when it becomes current (from the
        /// next landing on); without it a post waits on its first frame.
        public var autoplay = true
        /// What happens when a post is over: loop, page on, or stop.
        public var whenFinished = WhenFinished.loop
        /// How long a photo shows under `next` before the feed pages on,
        /// in seconds (``WhenFinished/photoSecondsRange``).
        public var photoSeconds = WhenFinished.defaultPhotoSeconds
        /// Smaller startup ranges and no prepared next post, as on a metered link.
        public var dataSaver = false
        /// Which HLS renditions play (the `video-quality` setting).
        public var videoQuality = VideoQuality.automatic
        /// What the desktop reports: network, memory, power saver, device tier.
        public var conditions = SystemMonitor.Conditions()
        /// Posts their service marks sensitive play as they are; off, each
        /// is held back (covered, not prepared) until the user shows it.
        public var showsSensitive = false

        public init(autoplay: Bool = true, whenFinished: WhenFinished = .loop,
                    photoSeconds: Int = WhenFinished.defaultPhotoSeconds, dataSaver: Bool = false,
                    conditions: SystemMonitor.Conditions = SystemMonitor.Conditions(), showsSensitive: Bool = false,
                    videoQuality: VideoQuality = .automatic) {
            self.videoQuality = videoQuality
            self.autoplay = autoplay
            self.whenFinished = whenFinished
            self.photoSeconds = WhenFinished.photoSeconds(photoSeconds)
            self.dataSaver = dataSaver
            self.conditions = conditions
            self.showsSensitive = showsSensitive
        }

        /// Whether a video starts again by itself when it ends.
        public var loops: Bool { whenFinished == .loop }
    }

    /// Players behind the feed now, by what they do.
    public struct PlayerCounts: Sendable, Equatable {
        /// Playbins alive.
        public var alive = 0
        /// Players holding an item without playing it.
        public var prepared = 0
        /// Players in (or heading for) PLAYING.
        public var playing = 0
        /// Players with sound on.
        public var unmuted = 0
    }
}
