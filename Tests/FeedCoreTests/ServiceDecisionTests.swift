import FeedCore
import Testing

struct RenditionRow: TableRow {
    var name: String
    var heights: [Int]
    var pageHeight: Int
    var chosen: Int?
}

struct RateLimitRow: TableRow {
    var name: String
    var status: Int
    var attempt: Int
    var hintSeconds: Double?
    /// nil: the answer is handed over.
    var retryAfter: Double?
}

struct ServiceAddressRow: TableRow {
    var name: String
    var text: String
    var service: ServiceAddress.Service?
    var host: String?
    var port: Int?
    /// instance, channel, account, tag, local, federated.
    var scope: String?
    var scopeName: String?
    var baseURL: String?
    var problem: Bool?
    var notExplicit: Bool?
    /// The user's own stream: only with an account on the host.
    var requiresAccount: Bool?
}

/// Decisions the service sources (PeerTube, Mastodon) take: which file a
/// page plays, when a refused request is asked again, what an explicit
/// address means.
struct ServiceDecisionTests {
    @Test("PeerTube's file choice is the row's", arguments: try Table.rows("rendition-choice.json", as: RenditionRow.self))
    func rendition(row: RenditionRow) {
        #expect(RenditionChoice.pick(heights: row.heights, pageHeight: row.pageHeight) == row.chosen, "\(row.name)")
    }

    @Test("A refused request is asked again as the row says", arguments: try Table.rows("rate-limit-wait.json", as: RateLimitRow.self))
    func rateLimit(row: RateLimitRow) {
        let expected: RateLimitWait.Decision = row.retryAfter.map { .retry(afterSeconds: $0) } ?? .answer
        #expect(RateLimitWait.decide(status: row.status, attempt: row.attempt, hintSeconds: row.hintSeconds) == expected,
                "\(row.name)")
    }

    @Test("An explicit address reads as the row says", arguments: try Table.rows("service-addresses.json", as: ServiceAddressRow.self))
    func address(row: ServiceAddressRow) throws {
        let parsed = ServiceAddress.parse(row.text)
        #expect(ServiceAddress.isExplicit(row.text) == (row.notExplicit != true), "\(row.name)")
        if row.notExplicit == true {
            #expect(parsed == nil, "\(row.name)")
            return
        }
        if row.problem == true {
            guard case .failure(let problem)? = parsed else {
                Issue.record("\(row.name): expected a problem, got \(String(describing: parsed))")
                return
            }
            #expect(problem.description.contains(row.text.prefix(20)), "\(row.name): \(problem)")
            return
        }
        guard case .success(let address)? = parsed else {
            Issue.record("\(row.name): expected an address, got \(String(describing: parsed))")
            return
        }
        #expect(address.service == row.service, "\(row.name)")
        #expect(address.host == row.host, "\(row.name)")
        #expect(address.port == row.port, "\(row.name)")
        #expect(address.baseURL == row.baseURL, "\(row.name)")
        let scope: (String, String?) = switch address.scope {
        case .instance: ("instance", nil)
        case .trending: ("trending", nil)
        case .recent: ("recent", nil)
        case .channel(let name): ("channel", name)
        case .account(let name): ("account", name)
        case .tag(let name): ("tag", name)
        case .local: ("local", nil)
        case .federated: ("federated", nil)
        case .home: ("home", nil)
        case .favourites: ("favourites", nil)
        case .bookmarks: ("bookmarks", nil)
        case .subscriptions: ("subscriptions", nil)
        case .watchLater: ("watchLater", nil)
        case .forYou: ("forYou", nil)
        case .following: ("following", nil)
        case .community(let name): ("community", name)
        }
        #expect(address.requiresAccount == (row.requiresAccount ?? false), "\(row.name)")
        #expect(scope.0 == row.scope && scope.1 == row.scopeName, "\(row.name): \(scope)")
        // Written back, it reads as the same address.
        #expect(ServiceAddress.parse(address.text) == .success(address), "\(row.name): \(address.text)")
    }
}

struct DetailsPlanRow: TableRow {
    var name: String
    var entries: [PreloadPlan.Entry]
    var waiting: [Int]
    var fetched: [Int]
}

/// Which posts' details a PeerTube feed fetches: the preload plan's, in its order.
struct DetailsPlanTests {
    @Test("details are fetched for what the plan plays, prepares and preloads", arguments: try Table.rows("details-plan.json", as: DetailsPlanRow.self))
    func details(row: DetailsPlanRow) {
        let plan = PreloadPlan(entries: row.entries, startupRange: .normal)
        #expect(DetailsPlan.indices(in: plan, waiting: Set(row.waiting)) == row.fetched, "\(row.name)")
    }
}
