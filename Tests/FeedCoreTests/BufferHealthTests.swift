import Testing
import FeedCore

/// One row of `buffer-health.json`: samples in time order (or `newItem`
/// markers) and the verdict expected after each step.
struct BufferHealthRow: TableRow {
    var name: String
    var steps: [Step]
    var expected: [Bool]
    var lowWaterSeconds: Double?
    var recoverySeconds: Double?

    /// A sample (`at`, `buffering`, `ahead`, `left`, all required) or
    /// `{"newItem": true}` when the current item changes.
    struct Step: Codable, Sendable {
        var at: Double?
        var buffering: Bool?
        var ahead: Double?
        var left: Double?
        var newItem: Bool?
    }
}

@Suite("Buffer health")
struct BufferHealthTests {
    @Test("The verdict after each sample is what the row expects", arguments: try Table.rows("buffer-health.json", as: BufferHealthRow.self))
    func verdictAfterEachSample(row: BufferHealthRow) throws {
        try #require(row.steps.count == row.expected.count, "\(row.name): one expected verdict per step")
        var state = BufferHealth.State.initial
        for (position, step) in row.steps.enumerated() {
            if step.newItem == true {
                try #require(step.at == nil && step.buffering == nil && step.ahead == nil && step.left == nil,
                             "\(row.name): step \(position + 1) mixes newItem with a sample")
                state = .initial
            } else {
                let at = try #require(step.at, "\(row.name): step \(position + 1) needs at")
                let buffering = try #require(step.buffering as Bool?, "\(row.name): step \(position + 1) needs buffering")
                let ahead = try #require(step.ahead, "\(row.name): step \(position + 1) needs ahead")
                let left = try #require(step.left, "\(row.name): step \(position + 1) needs left")
                var input = BufferHealth.Input(state: state, sample: .init(time: at, buffering: buffering, secondsAhead: ahead, secondsLeft: left))
                if let low = row.lowWaterSeconds { input.lowWaterSeconds = low }
                if let recovery = row.recoverySeconds { input.recoverySeconds = recovery }
                state = BufferHealth.next(input)
            }
            #expect(state.healthy == row.expected[position], "\(row.name): step \(position + 1)")
        }
    }
}
