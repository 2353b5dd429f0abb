import FeedCore
@testable import FeedDemo
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// Optimistic likes end to end: the controller, the sender and a like
/// endpoint on loopback.
@Suite(.serialized) @MainActor struct LikeControllerTests {
    /// What the controller reported.
    final class Reports {
        var changes: [String] = []
        var failures: [(id: String, message: String)] = []

        /// Notes what a toggle answered or a server's answer changed.
        func record(_ effects: [LikeEffect]) {
            for effect in effects {
                switch effect {
                case .changed(let id, let liked, let likes):
                    changes.append("\(id) \(liked ? "liked" : "unliked") \(likes.map(String.init) ?? "-")")
                case .failed(let id, let message):
                    failures.append((id, message))
                }
            }
        }
    }

    func controller() -> (LikeController, Reports) {
        let reports = Reports()
        let controller = LikeController { reports.record($0) }
        return (controller, reports)
    }

    func server(latencyMilliseconds: Int = 0, _ endpoint: TestLikeEndpoint) throws -> MediaServer {
        let server = MediaServer(options: .init(latencyMilliseconds: latencyMilliseconds))
        server.servePosts(under: "/like/") { endpoint.answer($0) }
        _ = try server.startOnOwnThread()
        return server
    }

    @Test func aLikeThatSucceedsKeepsTheNewState() async throws {
        let endpoint = TestLikeEndpoint()
        let server = try server(endpoint)
        defer { server.stop() }
        let (controller, reports) = controller()

        reports.record(controller.toggle("a", likeURL: server.url(for: "/like/a"), liked: false, likes: 9))
        let now = try #require(controller.state(of: "a"))
        #expect(now.liked && now.likes == 10)
        #expect(reports.changes == ["a liked 10"])
        await FeedTestPump.pump(seconds: 10) { !controller.isBusy }

        #expect(reports.changes == ["a liked 10", "a liked 11"]) // the server's count
        #expect(reports.failures.isEmpty)
        #expect(controller.state(of: "a")?.isSettled == true)
        #expect(controller.state(of: "a")?.confirmed == LikeIntent.Confirmed(liked: true, likes: 11))
        #expect(controller.shown("a", liked: false, likes: 9) == (true, 11))
        #expect(endpoint.isLiked("/like/a"))
    }

    @Test func aForcedFailureRevertsAndRaisesAToast() async throws {
        let endpoint = TestLikeEndpoint()
        let server = try server(endpoint)
        defer { server.stop() }
        server.setFault(.status(500), for: "/like/a")
        let (controller, reports) = controller()

        reports.record(controller.toggle("a", likeURL: server.url(for: "/like/a"), liked: false, likes: 10))
        await FeedTestPump.pump(seconds: 10) { !controller.isBusy }

        #expect(reports.changes == ["a liked 11", "a unliked 10"])
        #expect(reports.failures.map(\.id) == ["a"])
        #expect(reports.failures.first?.message == "Your like was not saved: the server answered 500.")
        #expect(controller.shown("a", liked: false, likes: 10) == (false, 10))
        #expect(controller.state(of: "a")?.isSettled == true)
    }

    @Test func aFailedUnlikeSaysSoAndShowsTheLikeAgain() async throws {
        let server = try server(TestLikeEndpoint())
        defer { server.stop() }
        server.setFault(.status(503), for: "/like/a")
        let (controller, reports) = controller()
        reports.record(controller.toggle("a", likeURL: server.url(for: "/like/a"), liked: true, likes: 4))
        await FeedTestPump.pump(seconds: 10) { !controller.isBusy }
        #expect(reports.changes == ["a unliked 3", "a liked 4"])
        #expect(reports.failures.first?.message.hasPrefix("Your unlike was not saved") == true)
    }

    @Test func rapidLikeUnlikeLikeSettlesToLikedWithTheServerAgreeing() async throws {
        let endpoint = TestLikeEndpoint()
        let server = try server(latencyMilliseconds: 150, endpoint)
        defer { server.stop() }
        let (controller, reports) = controller()
        let url = server.url(for: "/like/a")

        for _ in 0..<3 { reports.record(controller.toggle("a", likeURL: url, liked: false, likes: 10)) }
        #expect(reports.changes == ["a liked 11", "a unliked 10", "a liked 11"])
        await FeedTestPump.pump(seconds: 10) { !controller.isBusy }

        #expect(controller.state(of: "a")?.isSettled == true)
        #expect(controller.shown("a", liked: false, likes: 10) == (true, 11))
        #expect(endpoint.isLiked("/like/a"))
        #expect(endpoint.requests == [#"{"liked":true}"#]) // the last wish was what the first request asked
        #expect(reports.failures.isEmpty)
    }

    @Test func rapidLikeUnlikeSendsTheUnlikeAfterTheLikeLands() async throws {
        let endpoint = TestLikeEndpoint()
        let server = try server(latencyMilliseconds: 150, endpoint)
        defer { server.stop() }
        let (controller, reports) = controller()
        let url = server.url(for: "/like/a")

        reports.record(controller.toggle("a", likeURL: url, liked: false, likes: 10))
        reports.record(controller.toggle("a", likeURL: url, liked: false, likes: 10))
        await FeedTestPump.pump(seconds: 10) { !controller.isBusy }

        #expect(endpoint.requests == [#"{"liked":true}"#, #"{"liked":false}"#])
        #expect(!endpoint.isLiked("/like/a"))
        #expect(controller.shown("a", liked: false, likes: 10) == (false, 10))
        #expect(reports.changes == ["a liked 11", "a unliked 10"])
        #expect(controller.state(of: "a")?.lastSeq == 2)
    }

    @Test func anItemWithoutALikeURLIsLikedLocally() async throws {
        let (controller, reports) = controller()
        reports.record(controller.toggle("local", likeURL: nil, liked: false, likes: nil))
        let now = try #require(controller.state(of: "local"))
        #expect(now.isSettled && now.liked && now.likes == nil)
        #expect(!controller.isBusy)
        #expect(reports.changes == ["local liked -"])
    }

    @Test func resetDropsAnswersStillOnTheirWay() async throws {
        let endpoint = TestLikeEndpoint()
        let server = try server(latencyMilliseconds: 150, endpoint)
        defer { server.stop() }
        let (controller, reports) = controller()
        reports.record(controller.toggle("a", likeURL: server.url(for: "/like/a"), liked: false, likes: 1))
        controller.reset()
        await FeedTestPump.pump(seconds: 0.6)
        #expect(reports.changes == ["a liked 2"])
        #expect(controller.state(of: "a") == nil)
        #expect(!controller.isBusy)
    }

    @Test func theDemoServerFailsItsShareAndTheControllerRevertsExactlyThose() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let (library, assets) = try FeedDemoServerTests.fakeLibrary(in: temp.url)
        let server = MediaServer()
        _ = try server.startOnOwnThread()
        defer { server.stop() }
        let feedURL = try DemoFeedServer(library: library, assets: assets, itemCount: 40, pageSize: 20).install(on: server)
        let loader = FeedPageLoader(feedURL: feedURL)
        let page = try await FeedTestPump.load { loader.loadFirst(completion: $0) }.get()
        let (controller, reports) = controller()

        // One at a time, so the server sees them in this order.
        for item in page.items {
            let extras = try #require(page.page.extras[item.id])
            reports.record(controller.toggle(item.id, likeURL: extras.likeURL, liked: extras.liked ?? false, likes: extras.likes))
            await FeedTestPump.pump(seconds: 10) { !controller.isBusy }
        }

        #expect(reports.failures.map(\.id) == ["item-10", "item-20"])
        let liked = page.items.filter { controller.state(of: $0.id)?.confirmed.liked == true }.map(\.id)
        #expect(liked == page.items.map(\.id).filter { $0 != "item-10" && $0 != "item-20" })
        #expect(page.items.allSatisfy { controller.state(of: $0.id)?.isSettled == true })

        let again = try await FeedTestPump.load { loader.loadFirst(completion: $0) }.get()
        for item in again.items {
            let extras = try #require(again.page.extras[item.id])
            #expect(extras.liked == controller.state(of: item.id)?.liked, "\(item.id)")
            #expect(extras.likes == controller.state(of: item.id)?.likes, "\(item.id)")
        }
    }
}
