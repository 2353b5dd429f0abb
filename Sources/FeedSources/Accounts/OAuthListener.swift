import CGLib
import CSoup
import FeedCore
import FeedGObject
import FeedHTTP
import Foundation

/// The one-shot loopback listener a browser sign-in redirects to (RFC
/// 8252 §7.3): `http://127.0.0.1:PORT/callback` on a port the system
/// picks, bound to 127.0.0.1 only. GTK thread only (libsoup's server runs
/// on the default main context).
///
/// Each request is judged by FeedCore's ``OAuthCallback``: only the
/// sign-in's own `state`, once, is an answer; anything else is refused
/// with a 400 and the listener keeps waiting. The browser gets a short
/// page saying it can close the tab. The listener closes once libsoup has
/// written that answer whole (its `request-finished`; closing sooner cut
/// the connection before the page reached the browser), at the latest
/// ``sendSeconds`` after it; after ``waitSeconds`` without an answer; or
/// when cancelled. While its page is being written the listener holds
/// itself: the sign-in lets go of it as soon as it has the code, and a
/// listener freed then took the connection down with it.
@MainActor
public final class OAuthListener {
    public enum Outcome: Sendable, Equatable {
        case code(String)
        /// The server or the user refused; the server's error word.
        case denied(String)
        /// No answer came in time.
        case timedOut
    }

    /// How long a sign-in waits for the browser, in seconds.
    public static let waitSeconds: UInt32 = 300
    /// How long the answer's page may take to reach the browser before the
    /// listener closes all the same, in seconds.
    public static let sendSeconds: UInt32 = 10

    /// Where the server sends the browser: `http://127.0.0.1:PORT/callback`.
    public let redirectURI: String
    /// Requests refused so far (tests read it).
    public private(set) var refused: [OAuthCallback.Ignored] = []

    private let state: String
    private var server: GObjectRef?
    private var deadline: MainLoopSource?
    private var answered = false
    /// The request whose page is the answer, while it is being written.
    private var answering: UnsafeMutableRawPointer?
    private var requestFinished: SignalConnection?
    /// Itself, while the answer's page is being written.
    private var keepAlive: OAuthListener?
    private var completion: (@MainActor (Outcome) -> Void)?

    /// Listens at once; throws (with libsoup's reason) when no port could be had.
    public init(state: String, waitSeconds: UInt32 = OAuthListener.waitSeconds,
                completion: @escaping @MainActor (Outcome) -> Void) throws(ListenFailure) {
        self.state = state
        self.completion = completion
        guard let made = g_object_new_with_properties(soup_server_get_type(), 0, nil, nil),
              let object = GObjectRef(owning: UnsafeMutableRawPointer(made)) else {
            throw ListenFailure(reason: "no server")
        }
        let soupServer = object.pointer(as: SoupServer.self)
        var error: UnsafeMutablePointer<GError>?
        // listen_local with IPv4 only binds 127.0.0.1, never another interface.
        guard soup_server_listen_local(soupServer, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error) != 0,
              let port = SoupServerPort.of(soupServer) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "no port"
            if let error { g_error_free(error) }
            throw ListenFailure(reason: reason)
        }
        redirectURI = "http://127.0.0.1:\(port)/callback"
        server = object
        let box = ClosureBox(Handler { [weak self] message, path, query in self?.handle(message, path: path, query: query) })
        soup_server_add_handler(soupServer, nil, listenerCallback, box.retainedPointer(), releaseBoxDestroyNotify)
        deadline = MainLoopSource.after(milliseconds: waitSeconds &* 1000) { [weak self] in self?.finish(.timedOut) }
        requestFinished = Signals.connect(soupServer, "request-finished") { [weak self] (message: UnsafeMutableRawPointer?) in
            guard let self, let message, message == self.answering else { return }
            // libsoup still owns the connection in this handler: close on the next turn.
            MainLoopSource.idle { [weak self] in
                self?.close()
                return false
            }
        }
    }

    public struct ListenFailure: Error, Sendable {
        public var reason: String
    }

    isolated deinit {
        close()
    }

    /// Stops listening without an answer. Idempotent.
    public func cancel() {
        completion = nil
        close()
    }

    private func close() {
        deadline?.cancel()
        deadline = nil
        requestFinished = nil
        answering = nil
        keepAlive = nil
        if let server { soup_server_disconnect(server.pointer(as: SoupServer.self)) }
        server = nil
    }

    /// Tells the sign-in `outcome`; the listener closes once the answer's
    /// page is sent (a time-out has none to send).
    private func finish(_ outcome: Outcome, answering message: OpaquePointer? = nil) {
        let completion = self.completion
        self.completion = nil
        deadline?.cancel()
        if let message {
            answering = UnsafeMutableRawPointer(message)
            keepAlive = self
            deadline = MainLoopSource.after(milliseconds: Self.sendSeconds * 1000) { [weak self] in self?.close() }
        } else {
            deadline = nil
            MainLoopSource.idle { [weak self] in
                self?.close()
                return false
            }
        }
        completion?(outcome)
    }

    fileprivate func handle(_ message: OpaquePointer, path: String, query: [String: String]) {
        let decision = OAuthCallback.decide(path: path, query: query, state: state, answered: answered)
        switch decision {
        case .code(let code):
            answered = true
            answer(message, status: 200, text: tr("Flick is signed in. You can close this tab."))
            finish(.code(code), answering: message)
        case .denied(let reason):
            answered = true
            answer(message, status: 200, text: tr("The sign-in was refused. You can close this tab."))
            finish(.denied(reason), answering: message)
        case .ignored(let why):
            refused.append(why)
            answer(message, status: why == .wrongPath ? 404 : 400,
                   text: tr("This is not the answer Flick is waiting for."))
        }
    }

    /// A small HTML page, the text escaped.
    private func answer(_ message: OpaquePointer, status: Int, text: String) {
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        let html = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Flick</title></head>"
            + "<body><p>\(escaped)</p></body></html>"
        soup_server_message_set_status(message, guint(status), nil)
        let headers = soup_server_message_get_response_headers(message)
        soup_message_headers_replace(headers, "Cache-Control", "no-store")
        soup_message_headers_replace(headers, "Connection", "close")
        let bytes = Array(html.utf8)
        soup_server_message_set_response(message, "text/html; charset=utf-8", SOUP_MEMORY_COPY, bytes, gsize(bytes.count))
    }

    /// What the C callback hands a request to.
    fileprivate struct Handler {
        let run: @MainActor (_ message: OpaquePointer, _ path: String, _ query: [String: String]) -> Void
        init(_ run: @escaping @MainActor (OpaquePointer, String, [String: String]) -> Void) { self.run = run }
    }
}

/// The most query fields read, and the longest value kept, of a request
/// anyone on the machine may send.
private let maxQueryFields = 16
private let maxQueryValueBytes = 4_096

private let listenerCallback: SoupServerCallback = { _, message, path, query, data in
    guard let message, let data else { return }
    let handler = ClosureBox<OAuthListener.Handler>.from(data).value
    let path = path.map { String(cString: $0) } ?? "/"
    var fields: [String: String] = [:]
    if let query {
        var iterator = GHashTableIter()
        g_hash_table_iter_init(&iterator, query)
        var key: gpointer?
        var value: gpointer?
        while fields.count < maxQueryFields, g_hash_table_iter_next(&iterator, &key, &value) != 0 {
            guard let key, let value else { continue }
            let text = String(cString: value.assumingMemoryBound(to: CChar.self))
            guard text.utf8.count <= maxQueryValueBytes else { continue }
            fields[String(cString: key.assumingMemoryBound(to: CChar.self))] = text
        }
    }
    // libsoup calls this on the GTK thread, which uses the message before returning.
    BorrowedOnMain.run(message) { handler.run($0, path, fields) }
}
