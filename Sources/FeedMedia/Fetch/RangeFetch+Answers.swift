import CGLib
import CSoup
import FeedCore
import FeedGObject
import FeedHTTP
import Foundation

/// The answer to a range fetch: its head (status, range, validators, and
/// whether it is still the entry's version), its body read in chunks into
/// the store, and the end it reports to its watchers. GTK thread only.
extension RangeFetch {
    func sent(_ result: OpaquePointer?) {
        exchange.operationPending = false
        exchange.headersDeadline?.cancel()
        exchange.headersDeadline = nil
        var error: UnsafeMutablePointer<GError>?
        let input = soup_session_send_finish(fetcher?.session.pointer(as: SoupSession.self), result, &error)
        let opened = GObjectRef(owning: input.map { UnsafeMutableRawPointer($0) })
        if finishOnFailure(error) { return }
        let headers = soup_message_get_response_headers(soupMessage)
        let status = Int(soup_message_get_status(soupMessage).rawValue)
        let contentRange = soup_message_headers_get_one(headers, "Content-Range").map { String(cString: $0) }
        let declaredLength: Int64? = soup_message_headers_get_encoding(headers) == SOUP_ENCODING_CONTENT_LENGTH
            ? Int64(soup_message_headers_get_content_length(headers)) : nil
        let etag = soup_message_headers_get_one(headers, "ETag").map { String(cString: $0) }
        let lastModified = soup_message_headers_get_one(headers, "Last-Modified").map { String(cString: $0) }
        let contentType = soup_message_headers_get_one(headers, "Content-Type").map { String(cString: $0) }

        switch ResponseRange.decide(status: status, requested: range, contentRange: contentRange,
                                    contentLength: declaredLength) {
        case .failed(let status):
            let reason = soup_message_get_reason_phrase(soupMessage).map { String(cString: $0) } ?? "HTTP error"
            let code = ErrorCode.forHTTPStatus(status) ?? .httpError
            finish(.failed(FetchFailure(code: code, httpStatus: status, message: "\(reason) (\(status)), URL: \(url.absoluteString)")))
        case .pastEnd(let total):
            answer.contentLength = total
            if let total {
                answer.staleDropped = store.setMetadata(key, contentLength: total, contentType: nil, etag: etag,
                                                 lastModified: lastModified)
            }
            finish(.pastEnd)
        case .body(_, _, _, let total?, _) where total > (limits?.maxBytes ?? .max):
            finish(.failed(limits!.tooLarge))
        case .body(let bodyStart, var from, var until, let total, let ignored):
            if ignored {
                // The whole file came instead of a range: it is the one
                // sequential download of it, written through from its
                // first byte (later reads wait on it instead of asking
                // again); a preload still stops at its range's end. A 200
                // to a failed If-Range is a changed file, not a server
                // that ignores Range.
                if !answer.sentIfRange { fetcher?.ignoredRange(origin: originKey) }
                from = bodyStart
                if priority == .current { until = nil }
            }
            answer.position = bodyStart
            answer.keepFrom = from
            answer.keepUntil = until.map { end in total.map { min(end, $0) } ?? end }
            answer.contentLength = total
            answer.rangeIgnored = ignored
            answer.staleDropped = store.setMetadata(key, contentLength: total, contentType: contentType, etag: etag,
                                             lastModified: lastModified)
            // The entry this answer's version belongs to: should another
            // fetch drop it for a newer version, these bytes are not its.
            answer.writingFor = store.incarnation(of: key)
            exchange.stream = opened
            if let until = answer.keepUntil, from >= until {
                finish(.finished)
                return
            }
            if !isPaused { readNext() }
        }
    }

    func readNext() {
        guard let stream = exchange.stream, let fetcher else { return }
        exchange.operationPending = true
        g_input_stream_read_bytes_async(stream.pointer(as: GInputStream.self), gsize(fetcher.options.chunkBytes),
                                        ioPriority, gCancellable, AsyncReady.callback,
                                        AsyncReady.userData { [self] in read($0) })
    }

    func read(_ result: OpaquePointer?) {
        exchange.operationPending = false
        guard let stream = exchange.stream else { return }
        var error: UnsafeMutablePointer<GError>?
        let bytes = g_input_stream_read_bytes_finish(stream.pointer(as: GInputStream.self), result, &error)
        defer { if let bytes { g_bytes_unref(bytes) } }
        if finishOnFailure(error) { return }
        var size: gsize = 0
        let data = bytes.flatMap { g_bytes_get_data($0, &size) }
        guard let data, size > 0 else {
            // A clean end of a body of unknown length: the file ends here
            // when the body ran to its end (not to a range end we asked for).
            if answer.contentLength == nil, answer.keepUntil.map({ answer.position < $0 }) ?? true {
                answer.contentLength = answer.position
                answer.staleDropped = store.setMetadata(key, contentLength: answer.position, contentType: nil, etag: nil)
                    || answer.staleDropped
            }
            finish(.finished)
            return
        }
        let chunkStart = answer.position
        let chunkEnd = answer.position + Int64(size)
        if let limits, chunkEnd > limits.maxBytes {
            // Counted as it arrives: a body that never said its length, or lied.
            finish(.failed(limits.tooLarge))
            return
        }
        answer.bytesFetched += Int64(size)
        fetcher?.account(Int64(size), priority, key: key)
        let keepStart = max(chunkStart, answer.keepFrom)
        let keepEnd = min(chunkEnd, answer.keepUntil ?? .max)
        guard keepEnd > keepStart else {
            answer.position = chunkEnd
            chunkDone()
            return
        }
        let slice = Data(bytes: data.advanced(by: Int(keepStart - chunkStart)), count: Int(keepEnd - keepStart))
        exchange.operationPending = true
        store.writeIfPresent(key, offset: keepStart, data: slice, incarnation: answer.writingFor) { [self] outcome in
            // Held until the answer lands: the fetch finishes only from there.
            MainThreadHop.send(.stored(outcome, bytes: Int64(slice.count), reaching: keepEnd, chunkEnd: chunkEnd),
                               to: self, keepsOwner: true)
        }
    }

    /// The store's answer to a chunk's write, back on the GTK thread.
    func stored(_ outcome: Result<Bool, any Error>, bytes: Int64, reaching keepEnd: Int64, chunkEnd: Int64) {
        exchange.operationPending = false
        if let stopReason {
            finish(stopReason)
            return
        }
        switch outcome {
        case .success(true):
            answer.bytesStored += bytes
        case .success(false):
            // The entry this response described is gone (evicted, found
            // corrupt): these bytes belong to nothing any more.
            finish(.cancelled)
            return
        case .failure(let error as CacheStoreError):
            // A full or failing disk: the store has stopped writing, and
            // what needs these bytes plays from the network instead.
            let code: ErrorCode = if case .corrupt = error { .cacheCorrupt } else { .cacheUnavailable }
            finish(.failed(FetchFailure(code: code, message: error.description)))
            return
        case .failure(let error):
            finish(.failed(FetchFailure(code: .cacheUnavailable, message: "\(error)")))
            return
        }
        answer.position = chunkEnd
        listeners.reached(keepEnd)
        chunkDone()
    }

    /// After a chunk has landed (stored, or not kept; `position` is its
    /// end): the end of the kept range, or the next read.
    func chunkDone() {
        if let keepUntil = answer.keepUntil, answer.position >= keepUntil {
            finish(.finished)
            return
        }
        if !isPaused { readNext() }
    }

    func finish(_ end: FetchResult.End) {
        guard !isDone else { return }
        exchange.stopWatching()
        if exchange.stream != nil {
            // Stops the rest of a body we no longer want.
            g_cancellable_cancel(gCancellable)
            exchange.stream = nil
        }
        let result = FetchResult(token: token, generation: generation, key: key, priority: priority, end: end,
                                 bytesFetched: answer.bytesFetched, bytesStored: answer.bytesStored,
                                 contentLength: answer.contentLength, rangeIgnored: answer.rangeIgnored,
                                 staleDropped: answer.staleDropped)
        listeners.finish(with: result)
    }

    /// A GError from libsoup or GIO as a failure.
    /// Ends the fetch when an async step failed (`error`, freed here) or
    /// was stopped by this side; true when it ended.
    func finishOnFailure(_ error: UnsafeMutablePointer<GError>?) -> Bool {
        if let error {
            let failure = failure(error)
            g_error_free(error)
            finish(stopReason ?? .failed(failure))
            return true
        }
        if let stopReason {
            finish(stopReason)
            return true
        }
        return false
    }

    func failure(_ error: UnsafeMutablePointer<GError>) -> FetchFailure {
        let transport = TransportFailure(error, message: soupMessage)
        return FetchFailure(code: transport.code, message: "\(transport.message): \(url.absoluteString)")
    }
}

extension RangeFetch: MainThreadOwner {
    /// What the store's writing thread sends back.
    package enum Message: Sendable {
        /// A chunk's write: whether it was stored (or why not), its size,
        /// where the kept bytes reach and where the chunk ends.
        case stored(Result<Bool, any Error>, bytes: Int64, reaching: Int64, chunkEnd: Int64)
    }

    package func receive(_ message: Message) {
        switch message {
        case .stored(let outcome, let bytes, let keepEnd, let chunkEnd):
            stored(outcome, bytes: bytes, reaching: keepEnd, chunkEnd: chunkEnd)
        }
    }
}
