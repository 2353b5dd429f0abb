import FeedGObject
import Foundation

/// Gets the built-in demo feed ready off the GTK thread, for the app: its
/// media made on first run (or found), the fault mix beside it and, unless
/// the generated files are to play as they are, the loopback server that
/// serves it listening. Progress and the outcome come back on the GTK
/// thread through ``MainThreadHop``; the work runs on the demo's thread.
public enum DemoPreparation {
    /// The demo's own thread: generation takes seconds on a first run.
    static let thread = WorkerThreads(name: "flick-demo")

    /// The server serving the demo feed, its address and the notes of the
    /// fault mix for the log.
    public struct Served: Sendable {
        public let server: MediaServer
        public let url: URL
        public let notes: [String]
    }

    /// What the demo feed's server is asked to be.
    public struct Settings: Sendable {
        public var server: MediaServer.Options
        public var itemCount: Int
        public var pageSize: Int
        public var likeFailureShare: Double

        public init(server: MediaServer.Options, itemCount: Int, pageSize: Int, likeFailureShare: Double) {
            self.server = server
            self.itemCount = itemCount
            self.pageSize = pageSize
            self.likeFailureShare = likeFailureShare
        }
    }

    /// - Parameters:
    ///   - served: nil plays the generated files as they are (`--local-demo`):
    ///     no fault mix, no server.
    ///   - progress: the share made (0…1) and what is being made, on the GTK thread.
    ///   - done: the library, and the server when one was asked for, on the GTK thread.
    public static func start(_ generator: DemoMediaGenerator, served settings: Settings?,
                             progress: @escaping @MainActor @Sendable (Double, String) -> Void,
                             done: @escaping @MainActor @Sendable (Result<DemoMediaLibrary, Error>, Result<Served, Error>?) -> Void) {
        thread.async {
            let result = Result { () throws -> DemoMediaLibrary in
                if let existing = generator.existingLibrary() { return existing }
                return try generator.generate { fraction, message in
                    MainThreadHop.reply((fraction, message)) { progress($0.0, $0.1) }
                }
            }
            // The fault mix (a corrupt clip, an HLS rendition) is made once, beside the media.
            let served = settings.flatMap { settings in
                (try? result.get()).map { library in
                    Result { try serve(library, assets: DemoFeedAssets.prepare(library: library, in: generator.directory),
                                       settings: settings) }
                }
            }
            MainThreadHop.reply((result, served)) { done($0.0, $0.1) }
        }
    }

    /// Starts the server with the demo feed (the GTK thread never waits for its socket).
    private static func serve(_ library: DemoMediaLibrary, assets: DemoFeedAssets, settings: Settings) throws -> Served {
        let server = MediaServer(options: settings.server)
        _ = try server.startOnOwnThread()
        do {
            let url = try DemoFeedServer(library: library, assets: assets, itemCount: settings.itemCount,
                                         pageSize: settings.pageSize, likeFailureShare: settings.likeFailureShare)
                .install(on: server)
            return Served(server: server, url: url, notes: assets.notes)
        } catch {
            server.stop()
            throw error
        }
    }
}
