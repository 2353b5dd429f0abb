import CGLib
import FeedCore
import FeedDemo
import FeedMedia
import FlickTooling
import FeedSources
import Foundation

/// `flick serve FOLDER`: the folder's videos and pictures as a JSON feed
/// over HTTP on loopback, with the same server the demo feed uses, until
/// interrupted. For trying other clients against a real feed.
@MainActor
enum ServeCommand {
    /// Items per feed page.
    nonisolated static let pageSize = 20

    static func run(folder path: String, options: CommandLineOptions) -> Int32 {
        let source: FolderFeedSource
        do {
            source = try FolderFeedSource(path: path)
        } catch {
            Log.error("\(error)")
            return 1
        }
        let server = MediaServer(options: MediaServer.Options(bandwidthBitsPerSecond: options.bandwidthBitsPerSecond,
                                                              latencyMilliseconds: options.latencyMilliseconds,
                                                              pageDelayMilliseconds: options.pageDelayMilliseconds))
        let base: URL
        do {
            base = try server.start()
        } catch {
            Log.error("could not start the server: \(error)")
            return 1
        }
        // Each file under a path of its own index, so names never clash.
        var entries: [FeedPageJSON.Item] = []
        for (index, item) in source.items.enumerated() {
            guard let file = URL(string: item.uri), file.isFileURL else { continue }
            let path = "/media/\(index)/\(file.lastPathComponent)"
            let type: String
            switch item.kind {
            case .video: type = "video/mp4"
            case .audio: type = "audio/mp4"
            case .image: type = "image/\(file.pathExtension.lowercased() == "png" ? "png" : "jpeg")"
            }
            server.serveFile(file, at: path, contentType: contentType(of: file) ?? type)
            entries.append(FeedPageJSON.Item(id: "\(index)", type: item.kind.rawValue,
                                      uri: server.url(for: path)?.absoluteString ?? path,
                                      width: item.width, height: item.height,
                                      title: item.title, subtitle: item.subtitle))
        }
        let all = entries
        server.serveJSON(at: "/feed.json") { query in
            let start = Int(query["cursor"] ?? "0") ?? 0
            guard start >= 0, start <= all.count else { return nil }
            let end = min(all.count, start + pageSize)
            return FeedPageJSON(items: Array(all[start..<end]), next: end < all.count ? "\(end)" : nil).data()
        }
        let banner = "Serving \(all.count) items from \(source.displayName) at \(base.absoluteString)feed.json\n"
            + "Open it with: flick \(base.absoluteString)feed.json — press Ctrl+C to stop\n"
        FileHandle.standardOutput.write(Data(banner.utf8))

        let loop = g_main_loop_new(nil, 0)
        var sources: [guint] = []
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM] { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for signal in [SIGINT, SIGTERM] {
            sources.append(g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, { data in
                g_main_loop_quit(OpaquePointer(data))
                return 0
            }, UnsafeMutableRawPointer(loop), nil))
        }
        g_main_loop_run(loop)
        server.stop()
        g_main_loop_unref(loop)
        return 0
    }

    /// The file's content type as GIO guesses it from name and bytes.
    private static func contentType(of file: URL) -> String? {
        guard let type = g_content_type_guess(file.path, nil, 0, nil) else { return nil }
        defer { g_free(type) }
        guard let mime = g_content_type_get_mime_type(type) else { return nil }
        defer { g_free(mime) }
        return String(cString: mime)
    }
}
