import FeedCore
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// Drives a ``FeedSource`` from a main-actor test: each load pumps the
/// GLib default main context until its answer arrives.
@MainActor
enum SourcePump {
    typealias Answer = Result<FeedSourcePage, FeedSourceFailure>

    static func first(_ source: FeedSource, seconds: Double = 20) async throws -> Answer {
        let slot = FeedTestPump.Slot<Answer>()
        source.loadFirst { slot.value = $0 }
        await FeedTestPump.pump(seconds: seconds) { slot.value != nil }
        return try #require(slot.value, "no answer within \(seconds) s")
    }

    static func next(_ source: FeedSource, after cursor: FeedCursor, seconds: Double = 20) async throws -> Answer {
        let slot = FeedTestPump.Slot<Answer>()
        source.loadNext(after: cursor) { slot.value = $0 }
        await FeedTestPump.pump(seconds: seconds) { slot.value != nil }
        return try #require(slot.value, "no answer within \(seconds) s")
    }

    /// Every page from the first to the end (at most `maxPages`).
    static func all(_ source: FeedSource, maxPages: Int = 100) async throws -> [FeedSourcePage] {
        var pages = [try await first(source).get()]
        while let cursor = pages.last?.next, pages.count < maxPages {
            pages.append(try await next(source, after: cursor).get())
        }
        return pages
    }
}
