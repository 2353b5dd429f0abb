/// The stress modes of `flick --stress MODE` and `flick bench --mode MODE`:
/// a fixed schedule of page changes, the same on every machine, so two runs
/// (cold and warm, Flick and naive) see exactly the same feed.
package enum StressMode: String, CaseIterable, Sendable, Codable {
    /// Next post every 3 s, animated: someone watching each post a little.
    case slow
    /// Next post every 350 ms, animated: someone flicking through.
    case fast
    /// Jumps without animation every 180 ms, looping over `burstJumps`:
    /// far jumps, back-and-forth and a return to the start.
    case burst
    /// The feed widget torn down and built again every 250 ms, `remountCycles`
    /// times: nothing may be left behind.
    case remount
    /// Nothing paged: the first post (the demo's first clip) plays on,
    /// looping. One clip's steady cost, like for like with the bench's
    /// GtkVideo and mpv yardsticks, which play the same clip.
    case steady
    /// The first post plays on screen for `hideAfterMilliseconds`, then the
    /// window is minimised and stays so: what a hidden Flick costs, measured
    /// from `hiddenSettleMilliseconds` after the window went hidden. Needs a
    /// window manager to minimise the window (the bench starts one on its
    /// Xvfb).
    case hidden
    /// The demo's HLS posts (masters of three renditions) in turn, 10 s
    /// each, from the first: what watching streams costs the link
    /// (`stream_bytes_per_minute`).
    case hls
    /// `hls` with the data saver on (the bench turns it on for the run).
    case saver
    /// `slow` in For You, mixing the demo feed split into three sources
    /// (`part=1of3`…): the mix must land on a frame as fast as one source.
    case foryou

    /// What the driver does at one step.
    package enum Step: Equatable, Sendable {
        /// The next post, with the feed's settle animation.
        case next
        /// Straight to this post, without animation.
        case jump(Int)
        /// Tear the feed widget down and build it again.
        case remount
        /// Minimise the window.
        case hide
        /// The schedule is over: leave the feed as it is.
        case done
    }

    /// The indices `burst` jumps to, in order, again and again.
    package static let burstJumps = [0, 1, 2, 3, 4, 10, 20, 21, 5, 100, 500, 499, 1000, 3]
    /// How many times `remount` rebuilds the feed widget.
    package static let remountCycles = 50
    /// Items in the stress feed (the demo feed's default).
    package static let items = 1_200
    /// Items per page of the stress feed: large enough that burst's far jumps
    /// land on posts that have arrived, not on skeletons.
    package static let feedPageSize = 1_000
    /// Milliseconds `remount` waits after the feed first shows before the
    /// first teardown, so its baseline is a settled, playing feed.
    package static let remountSettleMilliseconds: UInt32 = 2_000
    /// Milliseconds `hidden` keeps its window on screen before minimising it.
    package static let hideAfterMilliseconds: UInt32 = 5_000
    /// Milliseconds after the window went hidden before `hidden` measures:
    /// the pause and the players' settling are not the resting cost.
    package static let hiddenSettleMilliseconds: UInt32 = 2_000

    /// The demo's HLS posts, by index (items 50, 150, …, 1150).
    package static let hlsPosts = Array(stride(from: 49, to: items, by: 100))

    /// Whether the first step is taken as the feed shows, not an interval
    /// later: the HLS modes start on an HLS post.
    package var stepsAtOnce: Bool { self == .hls || self == .saver }

    /// Whether the run plays with the data saver on.
    package var savesData: Bool { self == .saver }

    /// Whether the run watches For You (its sources set by the bench).
    package var mixes: Bool { self == .foryou }

    /// The sources For You mixes in a `foryou` run: the demo feed at
    /// `feed`, split into `forYouParts` (the demo server serves each part).
    package static func forYouSources(feed: String) -> [String] {
        (1...forYouParts).map { "\(feed)?part=\($0)of\(forYouParts)" }
    }

    package static let forYouParts = 3

    /// Milliseconds between steps.
    package var intervalMilliseconds: UInt32 {
        switch self {
        case .slow, .foryou: return 3_000
        case .fast: return 350
        case .burst: return 180
        case .remount: return 250
        case .steady: return 1_000
        case .hidden: return Self.hideAfterMilliseconds
        case .hls, .saver: return 10_000
        }
    }

    /// Step `number` (0 for the first) of the schedule.
    package func step(_ number: Int) -> Step {
        guard number >= 0 else { return .done }
        switch self {
        case .slow, .fast, .foryou: return .next
        case .burst: return .jump(Self.burstJumps[number % Self.burstJumps.count])
        case .remount: return number < Self.remountCycles ? .remount : .done
        case .steady: return .done
        case .hidden: return number == 0 ? .hide : .done
        case .hls, .saver: return .jump(Self.hlsPosts[number % Self.hlsPosts.count])
        }
    }
}

extension StressMode {
    /// The modes for messages: "slow, fast, burst, remount, steady or hidden".
    package static var allNames: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}
