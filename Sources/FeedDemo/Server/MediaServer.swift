import CGLib
import FeedMedia
import Foundation

/// Serves files and JSON over HTTP on loopback, on libsoup's SoupServer: the
/// built-in demo feed, `flick serve DIR`, and every network test.
///
/// Threads: the server runs on the thread-default main context of the
/// thread that starts it: `start()` on the app's main loop, or
/// `startOnOwnThread()` on a private context and thread of its own. Routes,
/// faults and counters may be used from any thread (they take a lock).
/// `stop()` may be called from any thread; the server also stops in deinit.
/// `@unchecked Sendable`: its tables lock themselves; the server and its thread are under `lock`.
public final class MediaServer: @unchecked Sendable {
    public let options: Options

    private let routes = ServerRouteTable()
    private let counters = ServerCounters()
    private let lock = NSLock()
    /// Needs the lock.
    private var running: Running?
    private var url: URL?

    private enum Running {
        /// On the context of the thread that called `start()`.
        case here(ServerEngine)
        case ownThread(ServerThread)
    }

    public init(options: Options = .init()) {
        self.options = options
    }

    deinit {
        stop()
    }

    /// Listens on 127.0.0.1 on a port the system picks, on the calling
    /// thread's thread-default main context (which must be run for the
    /// server to answer). Returns the base URL, `http://127.0.0.1:PORT/`.
    public func start() throws -> URL {
        try lock.withLock {
            guard running == nil else { throw MediaServerError.alreadyRunning }
            let engine = ServerEngine(routes: routes, counters: counters, options: options)
            let url = try engine.start()
            running = .here(engine)
            self.url = url
            return url
        }
    }

    /// Like `start()`, on a private main context run by a thread of its own.
    public func startOnOwnThread() throws -> URL {
        try lock.withLock {
            guard running == nil else { throw MediaServerError.alreadyRunning }
            let (thread, url) = try ServerThread.start(routes: routes, counters: counters, options: options)
            running = .ownThread(thread)
            self.url = url
            return url
        }
    }

    /// Closes the listening socket and every connection. On the server's
    /// own thread, or on the thread that called `start()`, the port is free
    /// when this returns; from another thread a server started with
    /// `start()` stops when its context next runs. A server on its own
    /// thread stopped with `waiting` false returns at once, its thread
    /// closing the sockets (the app does this, so the GTK thread never
    /// waits for it). Idempotent.
    public func stop(waiting: Bool = true) {
        let stopped = lock.withLock { () -> Running? in
            defer { running = nil; url = nil }
            return running
        }
        switch stopped {
        case .here(let engine):
            if engine.isOnServerThread {
                engine.stop()
            } else {
                ContextSource.idle(on: engine.context) { engine.stop() }
            }
        case .ownThread(let thread):
            thread.stop(waiting: waiting)
        case nil:
            break
        }
    }

    /// The base URL while running, like `http://127.0.0.1:PORT/`.
    public var baseURL: URL? {
        lock.withLock { url }
    }

    /// The full URL of a served path (as registered, unescaped) while running.
    public func url(for path: String) -> URL? {
        guard let base = baseURL,
              let escaped = String(ResolvedRoute.normalized(path).dropFirst())
                .addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) else { return nil }
        return URL(string: escaped, relativeTo: base)?.absoluteURL
    }

    // MARK: Routes

    /// Serves `file` at `path` for GET and HEAD, with Range support
    /// (206 + Content-Range, 416), ETag, Last-Modified and Accept-Ranges.
    public func serveFile(_ file: URL, at path: String, contentType: String) {
        routes.add(.file(file, contentType: contentType), at: ResolvedRoute.normalized(path))
    }

    /// Serves every regular file below `directory` under `prefix`
    /// (`/media/` + relative path), typed by GIO's content type guess.
    /// Files are looked up per request, so files added later are served too.
    public func serveDirectory(_ directory: URL, at prefix: String) {
        routes.add(.directory(directory), at: ResolvedRoute.normalizedPrefix(prefix))
    }

    /// Serves JSON made per request from the decoded query (on the server's
    /// thread, so keep it quick); nil answers 404.
    public func serveJSON(at path: String, _ body: @escaping @Sendable (_ query: [String: String]) -> Data?) {
        routes.add(.json(body), at: ResolvedRoute.normalized(path))
    }

    /// Answers POST at `path` with `handler` (on the server's thread, so
    /// keep it quick); any other method gets 405. A fault set for the path
    /// answers instead, and the handler is not called.
    public func servePost(at path: String, _ handler: @escaping PostHandler) {
        routes.add(.post(handler), at: ResolvedRoute.normalized(path))
    }

    /// Answers GET and HEAD at `path` with `handler` (on the server's
    /// thread, so keep it quick): its status, headers, content type and
    /// body, as a service's API answers (a `Link` header, a 429 with
    /// `Retry-After`, an XML or HTML body). The request's method is not
    /// passed; its body is empty.
    public func serveAnswers(at path: String, _ handler: @escaping PostHandler) {
        routes.add(.answer(handler), at: ResolvedRoute.normalized(path))
    }

    /// Answers POST at every path below `prefix` (`/like/` + a name) with
    /// `handler`, which reads the rest of the path from the request. Exact
    /// routes win; among prefixes (folders included) the longest does.
    public func servePosts(under prefix: String, _ handler: @escaping PostHandler) {
        routes.add(.posts(handler), at: ResolvedRoute.normalizedPrefix(prefix))
    }

    // MARK: Faults

    /// Injects `fault` for requests to `path` from now on; nil removes it.
    /// Setting a fault again restarts its request count (`failTimes`, `changeETag`).
    public func setFault(_ fault: Fault?, for path: String) {
        routes.setFault(fault, for: ResolvedRoute.normalized(path))
    }

    // MARK: Counters

    /// Body bytes written to sockets for requests to `path`.
    public func bytesSent(path: String) -> Int {
        counters.bytesSent(path: ResolvedRoute.normalized(path))
    }

    /// Body bytes written to sockets for the paths `predicate` accepts (as
    /// registered: `/media/clip-01.mp4`), e.g. only the media, not the feed.
    public func bytesSent(where predicate: (String) -> Bool) -> Int {
        counters.bytesSent(where: predicate)
    }

    /// Body bytes written to sockets for every path.
    public var totalBytesSent: Int { counters.totalBytesSent }

    /// The paths of requests that carried an `Authorization` header, in
    /// order (a token must reach its own server's API only).
    public var authorizedPaths: [String] { counters.authorizedPaths }

    /// Requests whose exchange is still held (being answered, stalled, or
    /// about to be freed): 0 once every response is over.
    var liveExchanges: Int { counters.liveExchanges }

    /// Requests to every path so far.
    public var requestCount: Int { counters.requestCount }

    /// Paths `predicate` accepts (as registered) that were asked for at least once.
    public func pathsRequested(where predicate: (String) -> Bool) -> Int {
        counters.requestedPaths(where: predicate)
    }

    /// Requests with a Range header to the paths `predicate` accepts (as registered).
    public func requestsWithRange(where predicate: (String) -> Bool) -> Int {
        counters.rangedRequests(where: predicate)
    }

    /// The Range header of each request to `path`, in arrival order (nil for none).
    public func requests(path: String) -> [String?] {
        counters.requests(path: ResolvedRoute.normalized(path))
    }
}
