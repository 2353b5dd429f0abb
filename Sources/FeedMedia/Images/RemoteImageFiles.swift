import CGLib
import FeedCore
import FeedGObject
import FeedHTTP
import FeedSources
import Foundation

/// Brings remote pictures and posters to disk so the page-size decoder can
/// read them: one GET per URL, the body written atomically (temp file,
/// rename) under a folder named by the hash of the URL, never the URL.
/// Later requests for the same URL are served from the file.
///
/// GTK thread only (it uses the app's libsoup session on the main context);
/// a fetched body is written on a queue of its own, so the GTK thread never
/// waits on the disk for it.
@MainActor
public final class RemoteImageFiles: RemoteStillSource {
    /// Pictures above this are refused (bytes).
    public static let maxBytes = 40 * 1_048_576

    private let directory: URL
    private let session: GObjectRef
    /// Requests in flight by URL, with everyone waiting for each.
    private var waiting: [URL: [(Result<URL, RemoteImageError>) -> Void]] = [:]
    private var requests: [URL: FeedRequest] = [:]

    /// - Parameters:
    ///   - directory: where the files go (created 0700 if missing).
    ///   - session: the libsoup session the pictures come through.
    public init(directory: URL, session: GObjectRef = HTTPSessions.standalone()) {
        self.directory = directory
        self.session = session
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
    }

    /// The file a URL is kept in.
    public func file(for url: URL) -> URL {
        guard let digest = g_compute_checksum_for_string(G_CHECKSUM_SHA256, url.absoluteString, -1) else {
            return directory.appendingPathComponent("invalid")
        }
        defer { g_free(digest) }
        return directory.appendingPathComponent(String(cString: digest))
    }

    /// Calls `completion` on the GTK thread with the local file of `url`,
    /// fetching it first when it is not on disk yet.
    public func fetch(_ url: URL, completion: @escaping (Result<URL, RemoteImageError>) -> Void) {
        let target = file(for: url)
        if FileManager.default.fileExists(atPath: target.path) {
            completion(.success(target))
            return
        }
        if waiting[url] != nil {
            waiting[url]?.append(completion)
            return
        }
        waiting[url] = [completion]
        let request = FeedRequest(url: url, session: session, maxBytes: Self.maxBytes, timeoutSeconds: 30) { [weak self] outcome in
            MainActor.assumeIsolated { self?.finish(url, outcome, target: target) }
        }
        guard let request else {
            finish(url, .failure(.invalidURL(url.absoluteString)), target: target)
            return
        }
        requests[url] = request
    }

    public func fetchStill(_ url: URL, for item: FeedItem,
                           completion: @escaping @MainActor (Result<StillFile, RemoteImageError>) -> Void) {
        fetch(url) { result in
            completion(result.map { file in
                StillFile(url: file, fromCache: false, discard: { try? FileManager.default.removeItem(at: file) })
            })
        }
    }

    private func finish(_ url: URL, _ outcome: FeedRequest.Outcome, target: URL) {
        requests[url] = nil
        switch outcome {
        case .failure(let error):
            deliver(url, .failure(.download(error.description)))
        case .response(let response) where !(200..<300).contains(response.status):
            deliver(url, .failure(.httpStatus(response.status)))
        case .response(let response):
            let body = response.body
            // Written in order, on the thread of Flick's small files.
            WorkerThreads.files.async { [self] in
                MainThreadHop.send(.saved(url, Self.save(body, to: target)), to: self)
            }
        }
    }

    /// Writes `body` to `target` atomically (a temp file, then rename). On the write queue.
    private nonisolated static func save(_ body: Data, to target: URL) -> Result<URL, RemoteImageError> {
        let temporary = target.appendingPathExtension("part")
        do {
            try body.write(to: temporary)
            guard rename(temporary.path, target.path) == 0 else {
                throw RemoteImageError.save(String(cString: strerror(errno)))
            }
            return .success(target)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return .failure(error as? RemoteImageError ?? .save(error.localizedDescription))
        }
    }

    private func deliver(_ url: URL, _ result: Result<URL, RemoteImageError>) {
        for completion in waiting.removeValue(forKey: url) ?? [] { completion(result) }
    }
}

extension RemoteImageFiles: MainThreadOwner {
    /// What the small files' thread sends back: a picture's file written
    /// (its address on disk), or why not.
    package enum Message: Sendable {
        case saved(URL, Result<URL, RemoteImageError>)
    }

    package func receive(_ message: Message) {
        switch message {
        case .saved(let url, let result): deliver(url, result)
        }
    }
}
