import FeedCore
import FeedGObject
import Foundation

/// An address the user typed, read as whatever it turns out to be: a feed
/// (Flick's JSON, JSON Feed, RSS or Atom, M3U or HLS, told apart by the
/// first page) or, for an instance's bare address (no path), a PeerTube
/// instance, a Mastodon server, a Loops server or a Lemmy instance, told
/// by their APIs (``InstanceProbe``).
/// A wrong guess says what was found. GTK thread only.
///
/// Detection runs on the first load; Reload and later pages go to the
/// source it found.
@MainActor
public final class DetectingFeedSource: FeedSource {
    /// What the address turned out to be.
    public enum Detected: Sendable, Equatable {
        case feed
        case peertube(ServiceAddress)
        case mastodon(ServiceAddress)
        case loops(ServiceAddress)
        case lemmy(ServiceAddress)
    }

    public let url: URL
    public let cacheScope: String?
    /// nil until the first load has told.
    public private(set) var detected: Detected?
    /// Told once detection knows what the user reads for the source
    /// (a server's name, "#cats on HOST"); not for plain feeds.
    public var onNamed: (@MainActor (String) -> Void)?

    private let session: GObjectRef
    private let pageHeight: @MainActor () -> Int
    /// The user's account on a server detection finds, if any.
    private let credentials: @MainActor (ServiceAddress) -> ServiceCredential?
    private let probeClient: ServiceClient
    private var inner: FeedSource?
    private var generations = GenerationGuard()

    /// - Parameter credentials: the user's account on a server found at
    ///   `url` (its posts are then read, and liked, as the user).
    public init(url: URL, session: GObjectRef, pageHeight: @escaping @MainActor () -> Int,
                credentials: @escaping @MainActor (ServiceAddress) -> ServiceCredential? = { _ in nil }) {
        self.url = url
        self.session = session
        self.pageHeight = pageHeight
        self.credentials = credentials
        cacheScope = CacheKey.origin(of: url.absoluteString)
        probeClient = ServiceClient(session: session)
    }

    /// Whether `url` names a server rather than a page: no path beyond `/`, no query.
    static func isBare(_ url: URL) -> Bool {
        (url.path.isEmpty || url.path == "/") && url.query == nil
    }

    public func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        let generation = generations.bind()
        probeClient.cancelAll()
        if let inner {
            inner.loadFirst(completion)
            return
        }
        guard Self.isBare(url), let host = url.host, !host.isEmpty else {
            use(PagedFeedSource(url: url, session: session, renditionHeight: pageHeight), as: .feed, completion)
            return
        }
        InstanceProbe.probe(url, client: probeClient) { [weak self] found in
            guard let self, self.generations.accepts(generation) else { return }
            let server: (address: ServiceAddress, name: String?)?
            switch found {
            case .peertube(let name):
                server = (ServiceAddress(service: .peertube, host: host.lowercased(), port: url.port, scope: .instance), name)
            case .mastodon(let name):
                server = (ServiceAddress(service: .mastodon, host: host.lowercased(), port: url.port, scope: .local), name)
            case .loops(let name):
                server = (ServiceAddress(service: .loops, host: host.lowercased(), port: url.port, scope: .instance), name)
            case .lemmy(let name):
                server = (ServiceAddress(service: .lemmy, host: host.lowercased(), port: url.port, scope: .instance), name)
            case .neither:
                server = nil
            }
            if let server, let made = ServiceFeed.source(for: server.address, session: self.session,
                                                         credential: self.credentials(server.address), pageHeight: self.pageHeight) {
                self.onNamed?(server.name.flatMap { $0.isEmpty ? nil : $0 } ?? made.name)
                let kind: Detected = switch server.address.service {
                case .peertube: .peertube(server.address)
                case .loops: .loops(server.address)
                case .lemmy: .lemmy(server.address)
                case .mastodon, .pixelfed, .bluesky: .mastodon(server.address)
                }
                self.use(made.source, as: kind, completion)
                return
            }
            self.use(PagedFeedSource(url: self.url, session: self.session, renditionHeight: self.pageHeight), as: .feed) { result in
                // A web page at a bare address: say the servers were asked too.
                if case .failure(let failure) = result, failure.noFeedFound {
                    completion(.failure(FeedSourceFailure(
                        message: tr("No feed found at %1$s: a web page, and not a PeerTube, Mastodon, Loops or Lemmy server.")
                            .filled(self.url.absoluteString),
                        code: failure.code)))
                    return
                }
                completion(result)
            }
        }
    }

    /// The answer to a request made before the first page found the source behind the address.
    private static var notOpened: FeedSourceFailure {
        FeedSourceFailure(message: tr("the feed has not been opened yet"), code: .unknown)
    }

    public func loadNext(after cursor: FeedCursor,
                         _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        guard let inner else { return completion(.failure(Self.notOpened)) }
        inner.loadNext(after: cursor, completion)
    }

    public func needsDetails(_ item: FeedItem) -> Bool { inner?.needsDetails(item) ?? false }

    public func fetchDetails(of item: FeedItem,
                             _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        guard let inner else { return completion(.failure(Self.notOpened)) }
        inner.fetchDetails(of: item, completion)
    }

    private func use(_ source: FeedSource, as kind: Detected,
                     _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        inner = source
        detected = kind
        source.loadFirst(completion)
    }
}
