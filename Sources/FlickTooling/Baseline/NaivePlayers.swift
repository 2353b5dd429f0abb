import FeedCore
import FeedMedia

/// The naive baseline of `flick bench --engine naive`: one player per page,
/// as a page with its own video element would have. A page's playbin is made
/// when the page becomes current and plays straight from the item's URL; it
/// stays (paused, muted) while the page is mounted, and is destroyed when
/// the page leaves the mount window. Nothing is prepared ahead, nothing
/// preloaded, nothing reused. GTK thread only; owned by the session the
/// app makes for `--engine naive` (``FeedSession/init(source:media:baseline:muted:)``).
///
/// It exists to be measured against, so it is deliberately simple: it reads
/// only the plan's `.play` entry and ignores the rest.
@MainActor
package final class NaivePlayers: PlayerProvider {
    /// Pages kept mounted on each side of the current one (the feed view's
    /// radius): a page's player lives as long as its page.
    private let radius: Int
    private var nextID = 1
    package private(set) var assignments: [Int: VideoPlayer] = [:]
    /// Frames coalesced by players already destroyed.
    private var retiredCoalescedFrames = 0

    package var loops = true {
        didSet { for player in assignments.values { player.loops = loops } }
    }

    package init(radius: Int) {
        self.radius = max(1, radius)
    }

    package var players: [VideoPlayer] { assignments.values.sorted { $0.id < $1.id } }

    @discardableResult
    package func apply(_ plan: PreloadPlan, uriFor: (Int) -> String?, captionFor: (Int) -> String?, box: PixelSize, fit: ContentFit,
               muted: Bool, plays: Bool = true) -> [Int: VideoPlayer] {
        guard let current = plan.entries.first(where: { $0.video == .play })?.index else { return [:] }
        let uri = uriFor(current)
        for (index, player) in assignments {
            let mounted = abs(index - current) <= radius
            if !mounted || (index == current && player.uri != uri) {
                retire(player) // the page unmounted: its player goes with it
                assignments[index] = nil
            } else if index != current {
                player.isMuted = true
                player.pause()
            }
        }
        for player in assignments.values { player.resize(box: box, fit: fit) }
        var changed: [Int: VideoPlayer] = [:]
        if let uri, assignments[current] == nil, let player = try? VideoPlayer(id: nextID) {
            nextID += 1
            player.loops = loops
            player.isMuted = true
            player.load(uri: uri, box: box, fit: fit, caption: captionFor(current))
            assignments[current] = player
            changed[current] = player
        }
        if let player = assignments[current] {
            player.isMuted = muted
            if plays { player.play() } else { player.pause() }
        }
        return changed
    }

    package func player(for index: Int) -> VideoPlayer? { assignments[index] }

    package var coalescedFrames: Int {
        retiredCoalescedFrames + assignments.values.reduce(0) { $0 + $1.coalescedFrames }
    }

    /// Destroys `player` for good, keeping its frame count.
    private func retire(_ player: VideoPlayer) {
        retiredCoalescedFrames += player.coalescedFrames
        player.destroy()
    }

    package func remap(_ newIndex: (Int) -> Int?) {
        var moved: [Int: VideoPlayer] = [:]
        for (index, player) in assignments {
            if let target = newIndex(index), moved[target] == nil {
                moved[target] = player
            } else {
                retire(player)
            }
        }
        assignments = moved
    }

    package func releaseAll() {
        for player in assignments.values { retire(player) }
        assignments.removeAll()
    }

    package func releaseOthers(keeping index: Int) {
        for (other, player) in assignments where other != index {
            retire(player)
            assignments[other] = nil
        }
    }

    package var playingCount: Int { assignments.values.filter(\.isPipelinePlaying).count }
    package var unmutedCount: Int { assignments.values.filter { !$0.isMuted }.count }
    package var preparedCount: Int { assignments.values.filter { !$0.isPlaying && !$0.isPipelinePlaying }.count }
}
