import CGLib
import CSoup
import FeedGObject
import FeedHTTP
import FeedMedia
import Foundation

/// The SoupServer and everything per request, on the thread that runs the
/// server's main context (the app's main loop, or the server's own thread).
/// Every method is called on that thread.
final class ServerEngine {
    /// The main context the server's sockets and timers are attached to (a reference is held).
    let context: OpaquePointer
    private let routes: ServerRouteTable
    private let counters: ServerCounters
    private let options: MediaServer.Options
    private let throttle: BandwidthThrottle?
    private var server: GObjectRef?
    private var exchanges: [ObjectIdentifier: ServerExchange] = [:]

    /// Binds the engine to the calling thread's thread-default main context.
    init(routes: ServerRouteTable, counters: ServerCounters, options: MediaServer.Options) {
        let context = g_main_context_ref_thread_default()!
        self.context = context
        self.routes = routes
        self.counters = counters
        self.options = options
        throttle = options.bandwidthBitsPerSecond.map { BandwidthThrottle(bitsPerSecond: $0, context: context) }
    }

    deinit {
        stop()
        g_main_context_unref(context)
    }

    /// Whether the calling thread runs this engine's context.
    var isOnServerThread: Bool {
        let current = g_main_context_ref_thread_default()
        defer { g_main_context_unref(current) }
        return current == context
    }

    /// Listens on 127.0.0.1 on a port the system picks; returns the base URL.
    func start() throws -> URL {
        guard server == nil else { throw MediaServerError.alreadyRunning }
        let certificate = try options.tlsCertificatePEM.map(Self.certificate)
        guard let object = GObjectRef(owning: Self.makeServer(certificate: certificate)) else {
            throw MediaServerError.listenFailed("could not create a SoupServer")
        }
        let soupServer = object.pointer(as: SoupServer.self)
        let box = ClosureBox(WeakEngine(self))
        soup_server_add_handler(soupServer, nil, serverCallback, box.retainedPointer(), releaseBoxDestroyNotify)
        var error: UnsafeMutablePointer<GError>?
        let flags = certificate == nil ? SOUP_SERVER_LISTEN_IPV4_ONLY
            : SoupServerListenOptions(SOUP_SERVER_LISTEN_IPV4_ONLY.rawValue | SOUP_SERVER_LISTEN_HTTPS.rawValue)
        guard soup_server_listen_local(soupServer, 0, flags, &error) != 0 else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw MediaServerError.listenFailed(reason)
        }
        let scheme = certificate == nil ? "http" : "https"
        guard let port = SoupServerPort.of(soupServer), let url = URL(string: "\(scheme)://127.0.0.1:\(port)/") else {
            soup_server_disconnect(soupServer)
            throw MediaServerError.listenFailed("no listening port")
        }
        server = object
        return url
    }

    /// Closes the listening socket and every connection. Idempotent.
    func stop() {
        throttle?.stop()
        for exchange in exchanges.values { exchange.cancel() }
        if let server {
            soup_server_disconnect(server.pointer(as: SoupServer.self))
        }
        server = nil
        exchanges.removeAll()
    }

    /// A GTlsCertificate (one reference) from a PEM holding the certificate and its key.
    private static func certificate(_ pem: String) throws -> GObjectRef {
        var error: UnsafeMutablePointer<GError>?
        guard let made = g_tls_certificate_new_from_pem(pem, -1, &error),
              let certificate = GObjectRef(owning: UnsafeMutableRawPointer(made)) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "no certificate"
            if let error { g_error_free(error) }
            throw MediaServerError.listenFailed("the TLS certificate cannot be used: \(reason)")
        }
        return certificate
    }

    /// A SoupServer, with `tls-certificate` set when one is given (a construct property).
    private static func makeServer(certificate: GObjectRef?) -> UnsafeMutableRawPointer? {
        guard let certificate else { return g_object_new_with_properties(soup_server_get_type(), 0, nil, nil).map { UnsafeMutableRawPointer($0) } }
        var value = GValue()
        g_value_init(&value, g_tls_certificate_get_type())
        g_value_set_object(&value, certificate.raw)
        defer { g_value_unset(&value) }
        return "tls-certificate".withCString { name in
            var names: [UnsafePointer<CChar>?] = [name]
            return g_object_new_with_properties(soup_server_get_type(), 1, &names, &value).map { UnsafeMutableRawPointer($0) }
        }
    }

    // MARK: Requests

    /// - Parameter path: the request path, percent escapes decoded by libsoup.
    fileprivate func handle(_ message: OpaquePointer, path: String, query: [String: String]) {
        let requestHeaders = soup_server_message_get_request_headers(message)
        counters.recordRequest(path: path, range: Self.header(requestHeaders, "Range"))
        if Self.header(requestHeaders, "Authorization") != nil { counters.recordAuthorization(path: path) }
        let request = routes.begin(path: path)
        let exchange = ServerExchange(message: message, path: path, counters: counters, context: context) { [weak self] id in
            self?.exchanges[id] = nil
        }
        exchanges[ObjectIdentifier(exchange)] = exchange

        var delay = options.latencyMilliseconds
        if case .json = request.route { delay += options.pageDelayMilliseconds }
        guard delay > 0 else {
            respond(exchange, request, query: query)
            return
        }
        soup_server_message_pause(message)
        exchange.startTimer = ContextSource.timeout(milliseconds: delay, on: context) { [weak self, weak exchange] in
            guard let self, let exchange, !exchange.isFinished else { return false }
            exchange.startTimer = nil
            self.respond(exchange, request, query: query)
            soup_server_message_unpause(exchange.soupMessage)
            return false
        }
    }

    /// Sets status and headers and starts the body.
    private func respond(_ exchange: ServerExchange, _ request: ServerRouteTable.Request, query: [String: String]) {
        let message = exchange.soupMessage
        let headers = soup_server_message_get_response_headers(message)
        if let status = request.failureStatus {
            setStatus(message, status)
            return
        }
        let method = String(cString: soup_server_message_get_method(message))
        if case .post(let handler) = request.route {
            answerPost(exchange, request, handler, method: method, query: query)
            return
        }
        if case .answer(let handler) = request.route, method == "GET" || method == "HEAD" {
            answerPost(exchange, request, handler, method: method, query: query)
            return
        }
        guard method == "GET" || method == "HEAD" else {
            soup_message_headers_replace(headers, "Allow", "GET, HEAD")
            setStatus(message, 405)
            return
        }
        let body: ResponseBody
        switch request.route {
        case .notFound:
            setStatus(message, 404)
            return
        case .file(let url, let contentType):
            guard let file = ResponseBody.file(url, contentType: contentType, version: request.version,
                                                 laterDate: request.laterDate) else {
                setStatus(message, 404)
                return
            }
            body = file
        case .post, .answer:
            return // answered above
        case .json(let make):
            guard let data = make(query) else {
                setStatus(message, 404)
                return
            }
            body = .data(data, contentType: "application/json")
            soup_message_headers_replace(headers, "Cache-Control", "no-store")
        }

        soup_message_headers_replace(headers, "Accept-Ranges", "bytes")
        soup_message_headers_set_content_type(headers, body.contentType, nil)
        if let etag = body.etag, !request.omitsETag { soup_message_headers_replace(headers, "ETag", etag) }
        if let lastModified = body.lastModified { soup_message_headers_replace(headers, "Last-Modified", lastModified) }

        let honoursRange = !request.ignoresRange
            && (request.ignoresIfRange || Self.ifRangeMatches(message, body, etagSent: !request.omitsETag))
        let requested = honoursRange ? Self.requestedRanges(message, length: body.length) : nil
        let offset: Int
        let count: Int
        switch RangeSelection.select(requested, length: body.length) {
        case .unsatisfiable:
            soup_message_headers_replace(headers, "Content-Range", "bytes */\(body.length)")
            soup_message_headers_set_content_length(headers, 0)
            setStatus(message, 416)
            return
        case .whole:
            setStatus(message, 200)
            (offset, count) = (0, body.length)
        case .partial(let start, let end):
            setStatus(message, 206)
            soup_message_headers_set_content_range(headers, goffset(start), goffset(end), goffset(body.length))
            (offset, count) = (start, end - start + 1)
        }
        if request.chunked {
            soup_message_headers_set_encoding(headers, SOUP_ENCODING_CHUNKED)
        } else {
            soup_message_headers_set_content_length(headers, goffset(count))
        }
        guard method == "GET" else { return }
        exchange.startBody(body, offset: offset, count: count, limit: request.bodyLimit,
                           closesAtLimit: request.closesAtLimit, throttle: throttle)
    }

    /// A POST route: the handler gets the whole request body (libsoup has
    /// read it before calling the server's handler) and its answer is sent
    /// as one piece.
    private func answerPost(_ exchange: ServerExchange, _ request: ServerRouteTable.Request,
                            _ handler: MediaServer.PostHandler, method: String,
                            query: [String: String]) {
        let message = exchange.soupMessage
        let headers = soup_server_message_get_response_headers(message)
        let isGet = method == "GET" || method == "HEAD"
        if case .answer = request.route, isGet {
            // A GET route's handler (``MediaServer/serveAnswers(at:_:)``).
        } else if method != "POST" && method != "PUT" {
            soup_message_headers_replace(headers, "Allow", "POST, PUT")
            setStatus(message, 405)
            return
        }
        let requestHeaders = soup_server_message_get_request_headers(message)
        var passed: [String: String] = [:]
        for name in MediaServer.PostRequest.passedHeaders {
            passed[name] = Self.header(requestHeaders, name)
        }
        let response = handler(MediaServer.PostRequest(path: exchange.path, body: isGet ? Data() : Self.requestBody(message),
                                                       query: query, headers: passed, method: method))
        setStatus(message, response.status)
        soup_message_headers_replace(headers, "Cache-Control", "no-store")
        for (name, value) in response.headers { soup_message_headers_replace(headers, name, value) }
        guard let data = response.body else {
            soup_message_headers_set_content_length(headers, 0)
            return
        }
        let body = ResponseBody.data(data, contentType: response.contentType)
        soup_message_headers_set_content_type(headers, body.contentType, nil)
        if request.chunked {
            soup_message_headers_set_encoding(headers, SOUP_ENCODING_CHUNKED)
        } else {
            soup_message_headers_set_content_length(headers, goffset(body.length))
        }
        guard method != "HEAD" else { return }
        exchange.startBody(body, offset: 0, count: body.length, limit: request.bodyLimit,
                           closesAtLimit: request.closesAtLimit, throttle: throttle)
    }

    /// The request body libsoup has read, whole.
    private static func requestBody(_ message: OpaquePointer) -> Data {
        guard let body = soup_server_message_get_request_body(message),
              let bytes = soup_message_body_flatten(body) else { return Data() }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let data = g_bytes_get_data(bytes, &size), size > 0 else { return Data() }
        return Data(bytes: data, count: Int(size))
    }

    private func setStatus(_ message: OpaquePointer, _ status: Int) {
        soup_server_message_set_status(message, guint(clamping: status), nil)
    }

    /// The single request header `name`, or nil.
    private static func header(_ headers: OpaquePointer?, _ name: String) -> String? {
        guard let headers, let value = soup_message_headers_get_one(headers, name) else { return nil }
        return String(cString: value)
    }

    /// The Range header parsed by libsoup for a body of `length` bytes; nil
    /// without one or when it is not valid syntax (then it is ignored).
    private static func requestedRanges(_ message: OpaquePointer, length: Int) -> [RangeSelection.Requested]? {
        let headers = soup_server_message_get_request_headers(message)
        var ranges: UnsafeMutablePointer<SoupRange>?
        var count: Int32 = 0
        guard soup_message_headers_get_ranges(headers, goffset(length), &ranges, &count) != 0, let ranges else {
            return nil
        }
        defer { soup_message_headers_free_ranges(headers, ranges) }
        return (0..<Int(count)).map { RangeSelection.Requested(start: Int(ranges[$0].start), end: Int(ranges[$0].end)) }
    }

    /// If-Range: the range applies only if the validator still matches
    /// (else the client's cached bytes are stale and it gets the whole body).
    private static func ifRangeMatches(_ message: OpaquePointer, _ body: ResponseBody, etagSent: Bool) -> Bool {
        guard let validator = header(soup_server_message_get_request_headers(message), "If-Range") else { return true }
        return (etagSent && validator == body.etag) || validator == body.lastModified
    }
}

/// What the SoupServer handler holds: the engine owns the server, so the
/// server must not own the engine back.
private final class WeakEngine {
    weak var engine: ServerEngine?
    init(_ engine: ServerEngine) { self.engine = engine }
}

private let serverCallback: SoupServerCallback = { _, message, path, query, data in
    guard let message, let data else { return }
    guard let engine = ClosureBox<WeakEngine>.from(data).value.engine else {
        soup_server_message_set_status(message, 503, nil)
        return
    }
    // libsoup passes the path with its percent escapes decoded.
    let path = path.map { String(cString: $0) } ?? "/"
    engine.handle(message, path: path, query: queryDictionary(query))
}

/// A decoded query table (string → string) as a dictionary.
private func queryDictionary(_ table: OpaquePointer?) -> [String: String] {
    guard let table else { return [:] }
    var result: [String: String] = [:]
    var iterator = GHashTableIter()
    g_hash_table_iter_init(&iterator, table)
    var key: gpointer?
    var value: gpointer?
    while g_hash_table_iter_next(&iterator, &key, &value) != 0 {
        guard let key else { continue }
        let name = String(cString: key.assumingMemoryBound(to: CChar.self))
        result[name] = value.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
    }
    return result
}
