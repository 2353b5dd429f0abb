import CGLib
import CGtk
import FeedCore
import FeedMedia
import FeedUI
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
        window.showLoading(0, message: "Getting the demo feed ready")
        reporter.report(phase: .loading, progress: 0)
        Thread.detachNewThread { [weak self] in
            let result = Result { () throws -> DemoMediaLibrary in
                if let existing = generator.existingLibrary() { return existing }
                return try generator.generate { fraction, message in
                    DispatchQueue.main.async {
                        MainActor.assumeIsolated { self?.generationProgressed(fraction, message) }
                    }
                }
            }
            // The fault mix (a corrupt clip, an HLS rendition) is made once, beside the media.
            let assets = local ? nil : (try? result.get()).map {
                DemoFeedAssets.prepare(library: $0, in: DemoFeedLocation.mediaDirectory)
            }
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self?.generationFinished(result, assets: assets) }
            }
        }
    }

    private func generationProgressed(_ fraction: Double, _ message: String) {
        window?.showLoading(fraction, message: message)
        reporter.report(phase: .loading, progress: fraction)
    }

    private func generationFinished(_ result: Result<DemoMediaLibrary, Error>, assets: DemoFeedAssets?) {
        guard case .demo = source else { return } // another feed was opened from the menu meanwhile
        switch result {
        case .success(let library):
            guard let assets else {
                showLocalDemo(library)
                return
            }
            serveDemo(library, assets: assets)
        case .failure(let error):
            Log.error("could not make the demo media: \(error)")
            window?.showError(title: "Could not make the demo feed", message: "\(error)")
            reporter.report(phase: .error)
        }
    }

    /// `--local-demo`: the generated files, played as they are.
    private func showLocalDemo(_ library: DemoMediaLibrary) {
        let session = makeSession(DemoFeedSource(library: library, count: options.demoItems))
        session.start()
        showFeed(session)
    }

    /// Starts the built-in server with the demo feed and opens it like any feed.
    private func serveDemo(_ library: DemoMediaLibrary, assets: DemoFeedAssets) {
        for note in assets.notes { Log.info(note) }
        let server = MediaServer(options: MediaServer.Options(bandwidthBitsPerSecond: options.bandwidthBitsPerSecond,
                                                              latencyMilliseconds: options.latencyMilliseconds,
                                                              pageDelayMilliseconds: options.pageDelayMilliseconds))
        do {
            _ = try server.startOnOwnThread()
            let url = try DemoFeedServer(library: library, assets: assets, itemCount: options.demoItems,
                                         pageSize: options.stress == nil ? DemoFeedServer.defaultPageSize : StressMode.feedPageSize,
                                         likeFailureShare: options.likeFailureShare).install(on: server)
            demoServer = server
            // Served on a new port each run: scoped by name, so its cache stays warm.
            openRemote(url, cacheScope: "flick-demo")
        } catch {
            Log.error("could not start the demo feed's server: \(error)")
            window?.showError(title: "Could not start the demo feed", message: "\(error)")
            reporter.report(phase: .error)
        }
    }
}
