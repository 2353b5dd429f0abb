import CGLib
import CGtk
import FeedCore
import FeedDemo
import FeedGObject
import FeedMedia
import FeedUI
import FlickTooling
import Foundation

/// The built-in demo feed: its media made on first run (with progress),
/// then served by the app's own server and opened like any feed.
extension AppController {
    func openDemo() {
        guard let window else { return }
        window.skippedFiles.show([], summary: nil)
        let generator = DemoMediaGenerator(directory: DemoFeedLocation.mediaDirectory)
        let local = options.localDemo
        if local, let library = generator.existingLibrary() {
            showLocalDemo(library)
            return
        }
        window.showLoading(0, message: tr("Getting the demo feed ready"))
        reporter.report(phase: .loading, progress: 0)
        let options = self.options
        Thread.detachNewThread { [weak self] in
            let result = Result { () throws -> DemoMediaLibrary in
                if let existing = generator.existingLibrary() { return existing }
                return try generator.generate { fraction, message in
                    MainThreadHop.post { self?.generationProgressed(fraction, message) }
                }
            }
            // The fault mix (a corrupt clip, an HLS rendition) is made once, beside the media.
            let assets = local ? nil : (try? result.get()).map {
                DemoFeedAssets.prepare(library: $0, in: DemoFeedLocation.mediaDirectory)
            }
            // The server starts here too: the GTK thread never waits for its socket.
            let served = (try? result.get()).flatMap { library in
                assets.map { assets in Result { try Self.startDemoServer(library, assets: assets, options: options) } }
            }
            MainThreadHop.post { self?.generationFinished(result, served: served) }
        }
    }

    private func generationProgressed(_ fraction: Double, _ message: String) {
        window?.showLoading(fraction, message: message)
        reporter.report(phase: .loading, progress: fraction)
    }

    private func generationFinished(_ result: Result<DemoMediaLibrary, Error>,
                                    served: Result<(MediaServer, URL, [String]), Error>?) {
        guard case .demo = source else {
            // Another feed was opened from the menu meanwhile.
            if case .success(let (server, _, _))? = served { server.stop(waiting: false) }
            return
        }
        switch result {
        case .success(let library):
            guard let served else {
                showLocalDemo(library)
                return
            }
            switch served {
            case .success(let (server, url, notes)):
                for note in notes { Log.info(note) }
                demo = (server, url)
                // Served on a new port each run: scoped by name, so its cache stays warm.
                openRemote(url, cacheScope: "flick-demo")
            case .failure(let error):
                Log.error("could not start the demo feed's server: \(error)")
                window?.showError(title: tr("Could not start the demo feed"), message: "\(error)")
                reporter.report(phase: .error)
            }
        case .failure(let error):
            Log.error("could not make the demo media: \(error)")
            window?.showError(title: tr("Could not make the demo feed"), message: "\(error)")
            reporter.report(phase: .error)
        }
    }

    /// `--local-demo`: the generated files, played as they are.
    private func showLocalDemo(_ library: DemoMediaLibrary) {
        showAtOnce(DemoFeedSource(library: library, count: options.demoItems))
    }

    /// Starts the built-in server with the demo feed on a thread of its
    /// own: its address, and the notes of the fault mix for the log.
    private nonisolated static func startDemoServer(_ library: DemoMediaLibrary, assets: DemoFeedAssets,
                                                    options: CommandLineOptions) throws -> (MediaServer, URL, [String]) {
        let server = MediaServer(options: MediaServer.Options(bandwidthBitsPerSecond: options.bandwidthBitsPerSecond,
                                                              latencyMilliseconds: options.latencyMilliseconds,
                                                              pageDelayMilliseconds: options.pageDelayMilliseconds))
        _ = try server.startOnOwnThread()
        do {
            let url = try DemoFeedServer(library: library, assets: assets, itemCount: options.demoItems,
                                         pageSize: options.stress == nil ? DemoFeedServer.defaultPageSize : StressMode.feedPageSize,
                                         likeFailureShare: options.likeFailureShare).install(on: server)
            return (server, url, assets.notes)
        } catch {
            server.stop()
            throw error
        }
    }
}
