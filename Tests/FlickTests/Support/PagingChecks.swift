import Foundation
import Testing

/// What the input tests on real compositors check after each gesture: where
/// the feed settles, and that it got there one page at a time.
enum PagingChecks {
    /// Runs `gesture` and waits for the feed to settle on `index`, having
    /// shown no page but `from` and `index` on the way (a gesture never
    /// passes through a page to reach another).
    static func expect(_ app: AppProcess, from: Int, landsOn index: Int, timeout: TimeInterval = 10,
                       _ what: String, after gesture: () throws -> Void,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let seen = app.states.count
        try gesture()
        let landed = app.waitForState(after: seen, timeout: timeout) { $0.settled == true && $0.currentIndex == index }
        let visited = app.states.dropFirst(seen).map(\.currentIndex)
        #expect(landed != nil, "\(what): expected to settle on \(index) from \(from); went \(visited), last state \(String(describing: app.latest))",
                sourceLocation: sourceLocation)
        #expect(app.states.dropFirst(seen).contains { $0.settled == false }, "\(what): the pages did not move",
                sourceLocation: sourceLocation)
        #expect(visited.allSatisfy { $0 == from || $0 == index }, "\(what): passed through other pages: \(visited)",
                sourceLocation: sourceLocation)
    }

    /// Waits for the feed to settle and returns where, after `seen` lines.
    static func settledIndex(_ app: AppProcess, after seen: Int, timeout: TimeInterval = 10) -> Int? {
        app.waitForState(after: seen, timeout: timeout) { $0.settled == true }?.currentIndex
    }
}
