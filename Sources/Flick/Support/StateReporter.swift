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

    /// One line: the feed's own state (its keys are FeedState's), plus
    /// what the window shows, the first-run progress and the window around
    /// the feed (WindowReport's keys).
    private struct Line: Encodable, Equatable {
        var phase: Phase
        var feed: FeedState
        var progress: Double?
        var window: WindowReport
        var mix: MixReport

        private enum CodingKeys: String, CodingKey {
            case phase, progress
        }

        func encode(to encoder: Encoder) throws {
            try feed.encode(to: encoder)
            try window.encode(to: encoder)
            try mix.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(phase, forKey: .phase)
            try container.encodeIfPresent(progress, forKey: .progress)
        }
    }

    private let enabled: Bool
    private var last: Line?
    /// The window's part of every line, as last set by `report(window:)`.
    private var window = WindowReport()
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    init(enabled: Bool) { self.enabled = enabled }

    /// `mix`: where the post on screen came from (For You's `post_source` and `mix_reason`).
    func report(phase: Phase, feed: FeedState? = nil, progress: Double? = nil,
                mix: MixReport = .single()) {
        guard enabled else { return }
        var state = feed ?? FeedState(currentIndex: 0, currentID: nil, mountedPages: 0, itemCount: 0)
        state.ttffMilliseconds = state.ttffMilliseconds.map { ($0 * 10).rounded() / 10 }
        let line = Line(phase: phase, feed: state, progress: progress.map { ($0 * 100).rounded() / 100 }, window: window, mix: mix)
        write(line)
    }

    /// Sets the window's part and prints the last line again with it, when it changed.
    func report(window: WindowReport) {
        guard enabled, window != self.window else { return }
        self.window = window
        guard var line = last else { return }
        line.window = window
        write(line)
    }

    private func write(_ line: Line) {
        guard line != last, let data = try? encoder.encode(line) else { return }
        last = line
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}
