import CFlickGLibShim
import CGLib
import CSoup
import FeedDemo
import Foundation

/// What a libsoup client saw for one request: status, headers, the body
/// bytes that arrived, and the error that ended the body early, if any.
struct TestHTTPReply {
    var status: Int
    /// Header names in lower case.
    var headers: [String: String]
    var body: Data
    var error: TestHTTPError?
    /// Seconds from sending to the end of the body (or the error).
    var seconds: Double

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A GError copied out of libsoup or GIO.
struct TestHTTPError: Error, CustomStringConvertible {
    var isIOError: Bool
    var code: Int32
    var message: String

    var description: String { message }
    var isTimeout: Bool { isIOError && code == Int32(G_IO_ERROR_TIMED_OUT.rawValue) }
    var isConnectionRefused: Bool { isIOError && code == Int32(G_IO_ERROR_CONNECTION_REFUSED.rawValue) }

    init(taking error: UnsafeMutablePointer<GError>?) {
        isIOError = error?.pointee.domain == g_io_error_quark()
        code = error?.pointee.code ?? 0
        message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        if let error { g_error_free(error) }
    }
}

/// A SoupSession used synchronously from the one thread that made it (a
/// test function): the client half of the media server tests.
final class TestHTTPClient {
    private let session: UnsafeMutablePointer<SoupSession>

    /// - Parameter timeoutSeconds: libsoup's read/write timeout; bounds every request.
    init(timeoutSeconds: UInt32 = 5) {
        session = soup_session_new()
        flick_object_set_uint(session, "timeout", timeoutSeconds)
    }

    deinit {
        soup_session_abort(session)
        g_object_unref(session)
    }

    /// Sends one request and reads the body until its end or an error.
    func fetch(_ url: URL, method: String = "GET", headers: [String: String] = [:]) -> TestHTTPReply {
        let started = Date()
        guard let message = soup_message_new(method, url.absoluteString) else {
            fatalError("libsoup refused the URL \(url)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(message)) }
        let requestHeaders = soup_message_get_request_headers(message)
        for (name, value) in headers { soup_message_headers_replace(requestHeaders, name, value) }

        var error: UnsafeMutablePointer<GError>?
        guard let stream = soup_session_send(session, message, nil, &error) else {
            return TestHTTPReply(status: 0, headers: [:], body: Data(), error: TestHTTPError(taking: error),
                                 seconds: Date().timeIntervalSince(started))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        var reply = TestHTTPReply(status: Int(soup_message_get_status(message).rawValue),
                                  headers: Self.headers(soup_message_get_response_headers(message)),
                                  body: Data(), error: nil, seconds: 0)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { g_input_stream_read(stream, $0.baseAddress, gsize($0.count), nil, &error) }
            if count > 0 {
                reply.body.append(contentsOf: buffer[0..<count])
            } else {
                if count < 0 { reply.error = TestHTTPError(taking: error) }
                break
            }
        }
        g_input_stream_close(stream, nil, nil)
        reply.seconds = Date().timeIntervalSince(started)
        return reply
    }

    private static func headers(_ headers: OpaquePointer?) -> [String: String] {
        guard let headers else { return [:] }
        var result: [String: String] = [:]
        var iterator = SoupMessageHeadersIter()
        soup_message_headers_iter_init(&iterator, headers)
        var name: UnsafePointer<CChar>?
        var value: UnsafePointer<CChar>?
        while soup_message_headers_iter_next(&iterator, &name, &value) != 0 {
            guard let name, let value else { continue }
            result[String(cString: name).lowercased()] = String(cString: value)
        }
        return result
    }
}

/// Test data for the media server.
enum ServedBytes {
    /// `count` bytes that differ from offset to offset (a simple LCG), so a
    /// wrong range cannot match by accident.
    static func make(_ count: Int, seed: UInt32 = 1) -> Data {
        var state = seed
        var bytes = [UInt8](repeating: 0, count: count)
        for index in 0..<count {
            state = state &* 1_664_525 &+ 1_013_904_223
            bytes[index] = UInt8(truncatingIfNeeded: state >> 24)
        }
        return Data(bytes)
    }

    /// SHA-256 in hex, by GLib.
    static func sha256(_ data: Data) -> String {
        let text = data.withUnsafeBytes { raw in
            g_compute_checksum_for_data(G_CHECKSUM_SHA256, raw.bindMemory(to: guchar.self).baseAddress, gsize(raw.count))
        }
        defer { g_free(text) }
        return text.map { String(cString: $0) } ?? ""
    }

    /// Writes `data` to `name` in `directory` and returns its URL.
    static func write(_ data: Data, named name: String, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url
    }
}

/// Polls `condition` until it holds or `seconds` pass: server counters are
/// bumped on the server's thread right after the bytes reach the socket.
func eventually(within seconds: Double = 2, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        usleep(5_000)
    }
    return true
}
